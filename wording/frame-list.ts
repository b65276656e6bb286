/** Frame lists as people type them ("0,5,10-20"), parsed into sorted unique indices. */

/** Largest number of frames one list may name. */
export const MAX_LISTED_FRAMES = 10_000;

/** Parses "0,5,10-20" into [0, 5, 10, …, 20]; throws an Error that says what is wrong. */
export function parseFrameList(text: string): number[] {
  const frames = new Set<number>();
  const parts = text.split(',').map((part) => part.trim());
  if (parts.every((part) => part === '')) throw new Error('the frame list is empty');
  for (const part of parts) {
    if (part === '') continue;
    const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (match === null) throw new Error(`"${part}" is not a frame number or a range like 10-20`);
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) throw new Error(`the range ${part} runs backwards`);
    if (to - from + 1 + frames.size > MAX_LISTED_FRAMES) throw new Error(`more than ${MAX_LISTED_FRAMES} frames`);
    for (let frame = from; frame <= to; frame += 1) frames.add(frame);
  }
  return [...frames].sort((a, b) => a - b);
}

/** Writes sorted indices back compactly: [0, 1, 2, 5] → "0-2, 5". */
export function formatFrameList(frames: readonly number[]): string {
  const sorted = [...new Set(frames)].sort((a, b) => a - b);
  const parts: string[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  for (const frame of [...sorted, Number.NaN]) {
    if (start !== undefined && previous !== undefined && frame === previous + 1) {
      previous = frame;
      continue;
    }
    if (start !== undefined && previous !== undefined)
      parts.push(start === previous ? `${start}` : `${start}-${previous}`);
    start = frame;
    previous = frame;
  }
  return parts.join(', ');
}
