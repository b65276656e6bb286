/** A pointer mismatch explained in rows of the plane's pitch, for the identity panel. */
import { assumedRowWords, planeWord, rowDistance, rows, type DeltaPlane } from '../contract/pointer-delta';

/**
 * The difference between NVCV's pointer and FFmpeg's (NVCV minus FFmpeg, in bytes) in rows of the plane's pitch:
 * a delta of −16384 at pitch 2048 for NV12's chroma plane at row 1088 is "NVCV assumes chroma at row 1080;
 * FFmpeg's starts at row 1088". Deltas that are not whole rows say the rows and the bytes left over.
 */
export function explainDelta(delta: bigint, pitch: number, plane: DeltaPlane): string {
  const what = planeWord(plane);
  if (delta === 0n) return `NVCV's ${what} pointer is FFmpeg's`;
  const named = assumedRowWords(delta, pitch, plane);
  if (named !== null) return named;
  const { side, bytes, rows: whole, rest } = rowDistance(delta, pitch);
  if (whole === null) return `NVCV's ${what} pointer lies ${bytes} bytes ${side} FFmpeg's`;
  if (rest === 0n) return `NVCV's ${what} pointer lies ${rows(whole)} of ${pitch} bytes ${side} FFmpeg's`;
  const parts = whole > 0n ? `${rows(whole)} and ${rest} bytes` : `${rest} bytes`;
  return `NVCV's ${what} pointer lies ${parts} ${side} FFmpeg's (pitch ${pitch}): every row it reads is shifted by ${rest} bytes`;
}
