/** Which frame lies under a point of the timeline. */

/** Frame under a click at x within a width. */
export function frameAt(x: number, width: number, frameCount: number): number {
  if (frameCount <= 1 || width <= 0) return 0;
  return Math.min(frameCount - 1, Math.max(0, Math.round((x / width) * (frameCount - 1))));
}
