/** Checks what is typed into the frame and time fields before any request: a value to go to, or why not. */

/** A value to go to, or the words that refuse it. */
export type JumpCheck = { ok: true; value: number } | { ok: false; problem: string };

/**
 * A frame index typed into the frame field: a whole number from 0 to the last frame. In a capture, a frame it does
 * not hold is in range; the capture answers for it (CAPTURE_FRAME_MISSING names the frames it holds).
 */
export function checkFrame(text: string, frameCount: number): JumpCheck {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return { ok: false, problem: 'type a frame number' };
  if (!Number.isInteger(value)) return { ok: false, problem: 'frame numbers are whole numbers' };
  const last = Math.max(0, frameCount - 1);
  if (value < 0) return { ok: false, problem: 'the first frame is 0' };
  if (value > last) return { ok: false, problem: `last frame is ${last}` };
  return { ok: true, value };
}

/** A time in seconds typed into the time field: from 0 to the clip's duration. */
export function checkTime(text: string, durationSeconds: number): JumpCheck {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return { ok: false, problem: 'type a time in seconds' };
  if (value < 0) return { ok: false, problem: 'times start at 0 s' };
  if (value > durationSeconds) return { ok: false, problem: `the clip ends at ${durationSeconds.toFixed(3)} s` };
  return { ok: true, value };
}
