/** Where focus goes once a field is committed: the frame view, so the keyboard shortcuts work at once. */

/** The id of the frame view (the panels of the frame on screen). */
export const FRAME_VIEW_ID = 'frame-view';

/** Moves focus from a committed field to the frame view; without one, the field lets go of focus. */
export function focusFrameView(from?: HTMLElement | null): void {
  const view = document.getElementById(FRAME_VIEW_ID);
  if (view !== null) view.focus({ preventScroll: true });
  else from?.blur();
}
