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
export function planeWord(plane: DeltaPlane): string {
  if (plane.index === 0) return 'luma';
  if (plane.name === 'UV' || plane.name === 'VU') return 'chroma';
  return `${plane.name} plane`;
}

/** "8 rows", "1 row". */
export function rows(count: bigint): string {
  return `${count} row${count === 1n ? '' : 's'}`;
}

/** A signed byte distance as whole rows of a pitch and the bytes left over, and on which side it lies. */
export interface RowDistance {
  /** Negative deltas lie before, positive ones after. */
  side: 'before' | 'after';
  /** The distance without its sign, in bytes. */
  bytes: bigint;
  /** Whole rows of the pitch in it; null when the pitch is no usable row length. */
  rows: bigint | null;
  /** The bytes left over after the whole rows (all of them when there are no rows). */
  rest: bigint;
}

/** A byte distance in rows of a pitch: the one row arithmetic every pointer explanation uses. */
export function rowDistance(delta: bigint, pitch: number): RowDistance {
  const side = delta < 0n ? 'before' : 'after';
  const bytes = delta < 0n ? -delta : delta;
  if (!Number.isInteger(pitch) || pitch <= 0) return { side, bytes, rows: null, rest: bytes };
  const step = BigInt(pitch);
  return { side, bytes, rows: bytes / step, rest: bytes % step };
}

/**
 * The rows NVCV and FFmpeg start a plane at, when the delta is whole rows of a plane that lies whole rows of its
 * pitch after plane 0: "NVCV assumes chroma at row 1080; FFmpeg's starts at row 1088"; null when no row can be named.
 */
export function assumedRowWords(delta: bigint, pitch: number, plane: DeltaPlane): string | null {
  const distance = rowDistance(delta, pitch);
  const offset = plane.offsetFromPlane0;
  if (distance.rows === null || distance.rest !== 0n || delta === 0n || plane.index === 0) return null;
  if (offset === null || !Number.isInteger(offset) || offset < 0 || offset % pitch !== 0) return null;
  const actual = BigInt(offset / pitch);
  const assumed = actual + delta / BigInt(pitch);
  const what = planeWord(plane);
  const object = what.endsWith('plane') ? `the ${what}` : what;
  return `NVCV assumes ${object} at row ${assumed}; FFmpeg's starts at row ${actual}`;
}

/**
 * How far a pointer lies from another, the distance first and with units: "16384 B = 8 rows before FFmpeg's",
 * "4112 B = 2 rows + 16 B after FFmpeg's", "64 B after FFmpeg's (not a whole row of 2048 B)".
 */
export function shiftWords(delta: bigint, pitch: number, from: string): string {
  const { side, bytes, rows: whole, rest } = rowDistance(delta, pitch);
  if (whole === null) return `${bytes} B ${side} ${from}`;
  if (rest === 0n) return `${bytes} B = ${rows(whole)} ${side} ${from}`;
  if (whole === 0n) return `${bytes} B ${side} ${from} (not a whole row of ${pitch} B)`;
  return `${bytes} B = ${rows(whole)} + ${rest} B ${side} ${from}`;
}
