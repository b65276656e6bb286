/**
 * One plane's identity facts, each apart: NVCV's pointer against FFmpeg's, and NVCV's row stride against FFmpeg's
 * pitch. Both are judged from the values themselves, never from the report's `match` field: captures made before
 * the stride was judged apart set it false for a stride fault too, and would read as a pointer mismatch.
 */
import { assumedRowWords, shiftWords, signed } from './pointer-delta';
import type { PlaneReport } from './report';

/** What the identity facts need to know of a plane. */
export type IdentityPlane = Pick<
  PlaneReport,
  'index' | 'name' | 'pitch' | 'ffmpegPointer' | 'nvcvPointer' | 'nvcvRowStride' | 'offsetFromPlane0'
>;

const HEX = /^0x[0-9a-f]{1,16}$/i;

/** NVCV's pointer minus FFmpeg's, in bytes; null when NVCV exported none (or either is no pointer). */
export function pointerDelta(plane: IdentityPlane): bigint | null {
  const { nvcvPointer, ffmpegPointer } = plane;
  if (nvcvPointer === null || !HEX.test(nvcvPointer) || !HEX.test(ffmpegPointer)) return null;
  return BigInt(nvcvPointer) - BigInt(ffmpegPointer);
}

/** Is NVCV's pointer FFmpeg's: true, false, or null when NVCV exported none. */
export function pointersEqual(plane: IdentityPlane): boolean | null {
  const delta = pointerDelta(plane);
  return delta === null ? null : delta === 0n;
}

/** Is NVCV's row stride FFmpeg's pitch: true, false, or null when NVCV exported none. */
export function stridesEqual(plane: IdentityPlane): boolean | null {
  return plane.nvcvRowStride === null ? null : plane.nvcvRowStride === plane.pitch;
}

/** One outcome over every plane: true when all are, false when any is not, null when none fails but one is unknown. */
export function everyPlane(outcomes: readonly (boolean | null)[]): boolean | null {
  if (outcomes.includes(false)) return false;
  return outcomes.length > 0 && outcomes.every((outcome) => outcome === true) ? true : null;
}

/**
 * Where NVCV's pointer lies against FFmpeg's, the distance first: "NVCV's pointer 16384 B = 8 rows before FFmpeg's
 * (NVCV assumes chroma at row 1080; FFmpeg's starts at row 1088)"; null when they are equal or not compared.
 */
export function pointerShift(plane: IdentityPlane): string | null {
  const delta = pointerDelta(plane);
  if (delta === null || delta === 0n) return null;
  const named = assumedRowWords(delta, plane.pitch, plane);
  return `NVCV's pointer ${shiftWords(delta, plane.pitch, "FFmpeg's")}${named === null ? '' : ` (${named})`}`;
}

/** NVCV's row stride against FFmpeg's pitch: "NVCV's stride 832 B, FFmpeg's pitch 768 B (+64)"; null when equal. */
export function strideShift(plane: IdentityPlane): string | null {
  const stride = plane.nvcvRowStride;
  if (stride === null || stride === plane.pitch) return null;
  return `NVCV's stride ${stride} B, FFmpeg's pitch ${plane.pitch} B (${signed(stride - plane.pitch)})`;
}

/** The planes whose pointers differ, each named first: "UV: NVCV's pointer 16384 B = 8 rows before FFmpeg's". */
export function pointerDifferences(planes: readonly IdentityPlane[]): string[] {
  return planes.flatMap((plane) => {
    const shift = pointerShift(plane);
    return shift === null ? [] : [`${plane.name}: ${shift}`];
  });
}

/** The planes whose strides differ, each named first: "Y: NVCV's stride 832 B, FFmpeg's pitch 768 B (+64)". */
export function strideDifferences(planes: readonly IdentityPlane[]): string[] {
  return planes.flatMap((plane) => {
    const shift = strideShift(plane);
    return shift === null ? [] : [`${plane.name}: ${shift}`];
  });
}
