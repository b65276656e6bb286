/**
 * Pixels of a tile for the canvas: one grey level per sample of a one-component plane (scaled to 8 bits), and for
 * interleaved chroma the colour of mid-grey luma with the pixel's U and V, so chroma reads as colour.
 */
import type { DecodedSample, SampleLayout } from './sample-format';
import { decodePixel, to8Bit } from './sample-format';
import { yuvToRgb } from './yuv-rgb';

/** The colour a pixel is drawn in: its grey level (one component), or mid-grey luma with its U and V (two). */
export function pixelRgb(samples: readonly DecodedSample[], layout: SampleLayout): [number, number, number] {
  const [first, second] = samples;
  if (first !== undefined && second !== undefined) {
    const rgb = yuvToRgb(2 ** (layout.bitDepth - 1), first.value, second.value, layout.bitDepth, 'bt709', 'tv', 1080);
    return [rgb.r, rgb.g, rgb.b];
  }
  const grey = first !== undefined ? to8Bit(first.value, layout) : 0;
  return [grey, grey, grey];
}

/** RGBA pixels of a tile's bytes: rows × (bytesPerRow / bytes per pixel) pixels. */
export function tileRgba(
  bytes: Uint8Array,
  rows: number,
  bytesPerRow: number,
  bytesPerPixel: number,
  layout: SampleLayout,
): { width: number; height: number; rgba: Uint8ClampedArray<ArrayBuffer> } {
  const width = Math.max(1, Math.floor(bytesPerRow / bytesPerPixel));
  const rgba = new Uint8ClampedArray(new ArrayBuffer(width * rows * 4));
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixelRgb(decodePixel(bytes, y * bytesPerRow + x * bytesPerPixel, layout), layout);
      const at = (y * width + x) * 4;
      rgba[at] = r;
      rgba[at + 1] = g;
      rgba[at + 2] = b;
      rgba[at + 3] = 255;
    }
  }
  return { width, height: rows, rgba };
}
