/** Everything the comparison shows, computed once from the naive and the correct picture. */
import { cropAround, magnify, type CropRect } from './crop';
import { amplifiedDifference, differingPixels, DIFF_GAIN } from './difference';
import { strongestColourEdge, type ColourEdge } from './edge';
import { sameShape, type RgbPixels } from './pixels';
import { psnr } from './psnr';

/** The comparison of two same-shaped pictures. */
export interface WrapComparison {
  /** The naive picture's PSNR against the correct one, in dB; Infinity when they are equal. */
  psnr: number;
  /** Pixels that differ in any channel, and all pixels. */
  differing: number;
  pixels: number;
  /** |naive − correct| × gain. */
  difference: RgbPixels;
  gain: number;
  /** The strongest colour edge of the correct picture, or null when it has none. */
  edge: ColourEdge | null;
  /** The window around the edge, and both pictures' magnified crops of it; null without an edge. */
  crop: { rect: CropRect; naive: RgbPixels; correct: RgbPixels } | null;
}

/** Compares the pictures; null when their shapes differ (there is then nothing to subtract). */
export function compareWrap(naive: RgbPixels, correct: RgbPixels): WrapComparison | null {
  if (!sameShape(naive, correct)) return null;
  const edge = strongestColourEdge(correct);
  const rect = edge === null ? null : cropAround(edge, correct);
  return {
    psnr: psnr(naive, correct),
    differing: differingPixels(naive, correct),
    pixels: correct.width * correct.height,
    difference: amplifiedDifference(naive, correct, DIFF_GAIN),
    gain: DIFF_GAIN,
    edge,
    crop: rect === null ? null : { rect, naive: magnify(naive, rect), correct: magnify(correct, rect) },
  };
}
