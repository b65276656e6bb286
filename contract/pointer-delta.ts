/** A pointer mismatch in rows: where NVCV's pointer puts a plane against where FFmpeg's says it starts. */
import type { PlaneReport } from './report';

/** What the explanation needs to know of the plane. */
export type DeltaPlane = Pick<PlaneReport, 'index' | 'name' | 'offsetFromPlane0'>;

/** A signed count with a real minus sign, e.g. "−16384". */
export function signed(value: bigint | number): string {
  const text = value.toString();
  return text.startsWith('-') ? `−${text.slice(1)}` : `+${text}`;
}

/** The plane as a sentence names it: luma, chroma, or "V plane". */
function planeWord(plane: DeltaPlane): string {
  if (plane.index === 0) return 'luma';
  if (plane.name === 'UV' || plane.name === 'VU') return 'chroma';
  return `${plane.name} plane`;
}

/** "8 rows", "1 row". */
function rows(count: bigint): string {
  return `${count} row${count === 1n ? '' : 's'}`;
}

/**
 * The difference between NVCV's pointer and FFmpeg's (NVCV minus FFmpeg, in bytes) in rows of the plane's pitch:
 * a delta of −16384 at pitch 2048 for NV12's chroma plane at row 1088 is "NVCV assumes chroma at row 1080;
 * FFmpeg's starts at row 1088". Deltas that are not whole rows say the rows and the bytes left over.
 */
export function explainDelta(delta: bigint, pitch: number, plane: DeltaPlane): string {
  const what = planeWord(plane);
  if (delta === 0n) return `NVCV's ${what} pointer is FFmpeg's`;
  const side = delta < 0n ? 'before' : 'after';
  const size = delta < 0n ? -delta : delta;
  if (!Number.isInteger(pitch) || pitch <= 0) return `NVCV's ${what} pointer lies ${size} bytes ${side} FFmpeg's`;
  const step = BigInt(pitch);
  const whole = size / step;
  const rest = size % step;
  const offset = plane.offsetFromPlane0;
  if (
    rest === 0n &&
    plane.index > 0 &&
    offset !== null &&
    Number.isInteger(offset) &&
    offset >= 0 &&
    offset % pitch === 0
  ) {
    const actual = BigInt(offset / pitch);
    const assumed = actual + delta / step;
    const object = what.endsWith('plane') ? `the ${what}` : what;
    return `NVCV assumes ${object} at row ${assumed}; FFmpeg's starts at row ${actual}`;
  }
  if (rest === 0n) return `NVCV's ${what} pointer lies ${rows(whole)} of ${pitch} bytes ${side} FFmpeg's`;
  const parts = whole > 0n ? `${rows(whole)} and ${rest} bytes` : `${rest} bytes`;
  return `NVCV's ${what} pointer lies ${parts} ${side} FFmpeg's (pitch ${pitch}): every row it reads is shifted by ${rest} bytes`;
}
