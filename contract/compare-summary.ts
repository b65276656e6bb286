/**
 * A decoder comparison in counts: frames whose samples are identical or differ, and frames whose RGB conversions
 * differ by more than two correct converters' rounding. Sample values can agree while the pictures a user sees do
 * not (a colour matrix or range taken wrongly), so the RGB count is a finding of its own and fails the comparison.
 */
import type { DecoderCompareResult } from './decoder-compare';

/** The most two correct RGB conversions of the same samples differ by: the inspector's converter against swscale's
 *  rounding. The native comparison tries other matrices and ranges beyond it (kRgbTolerance in decoder_compare.h). */
export const RGB_ROUNDING = 2;

/** The counts a comparison's summary line and exit code are made from. */
export interface CompareCounts {
  frames: number;
  identical: number;
  differing: number;
  /** Frames whose RGB conversions differ by more than RGB_ROUNDING. */
  rgbDiffering: number;
  /** The largest RGB difference over the frames compared (0 when no RGB line was made). */
  rgbMaxAbsDiff: number;
  /** Frames whose differences a mistake explains (a plane read rows off, swapped, another pitch): a fault whether or
   *  not the codec is bit-exact. */
  explained: number;
  bitExactMismatch: boolean;
  /** A bit-exact codec decoded differently, a mistake explains a difference, or RGB differs beyond rounding. */
  failed: boolean;
}

/** True when every plane of a frame that differs stays within the codec's tolerance (a codec that is not bit-exact:
 *  its decoders may differ by that much), so there is nothing to explain. */
export function withinTolerance(frame: DecoderCompareResult['frames'][number]): boolean {
  return frame.tolerance > 0 && frame.planes.every((plane) => plane.maxAbsDiff <= frame.tolerance);
}

/** Counts one comparison. */
export function compareCounts(result: DecoderCompareResult): CompareCounts {
  const identical = result.frames.filter((frame) => frame.identical).length;
  const rgbDiffering = result.frames.filter(
    (frame) => frame.rgb !== null && frame.rgb.maxAbsDiff > RGB_ROUNDING,
  ).length;
  const rgbMaxAbsDiff = Math.max(0, ...result.frames.map((frame) => frame.rgb?.maxAbsDiff ?? 0));
  const explained = result.frames.filter((frame) => !frame.identical && frame.cause !== null).length;
  return {
    frames: result.frames.length,
    identical,
    differing: result.frames.length - identical,
    rgbDiffering,
    rgbMaxAbsDiff,
    explained,
    bitExactMismatch: result.bitExactMismatch,
    failed: result.bitExactMismatch || explained > 0 || rgbDiffering > 0,
  };
}
