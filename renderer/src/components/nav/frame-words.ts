/** How the window names the frame on screen: the navigation bar's label and the window's title. */

/** "frame 0 of 96": the frame's index (from 0) and how many frames the clip has. */
export function frameLabel(index: number, frameCount: number): string {
  return `frame ${index} of ${frameCount}`;
}

/** The longest label the clip can have, in characters: the label's fixed width, so stepping never moves it. */
export function longestFrameLabel(frameCount: number): number {
  return frameLabel(Math.max(0, frameCount - 1), frameCount).length;
}

/** "sample.mp4 · frame 12 of 96 — Zero-Copy Inspector"; the app's name alone when nothing is open. */
export function windowTitle(fileName: string | null, frameIndex: number | null, frameCount: number | null): string {
  const app = 'Zero-Copy Inspector';
  if (fileName === null) return app;
  if (frameIndex === null || frameCount === null) return `${fileName} — ${app}`;
  return `${fileName} · ${frameLabel(frameIndex, frameCount)} — ${app}`;
}
