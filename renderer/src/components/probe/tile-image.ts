/**
 * Pixels of a tile for the canvas: one grey level per sample of a one-component plane (scaled to 8 bits), and for
 * interleaved chroma the colour of mid-grey luma with the pixel's U and V, so chroma reads as colour.
 */
import type { SampleLayout } from './sample-format';
import { decodePixel, to8Bit } from './sample-format';
import { yuvToRgb } from './yuv-rgb';

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
  const mid = 2 ** (layout.bitDepth - 1);
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const samples = decodePixel(bytes, y * bytesPerRow + x * bytesPerPixel, layout);
      const at = (y * width + x) * 4;
      const [first, second] = samples;
      if (first !== undefined && second !== undefined) {
        const rgb = yuvToRgb(mid, first.value, second.value, layout.bitDepth, 'bt709', 'tv', 1080);
        rgba[at] = rgb.r;
        rgba[at + 1] = rgb.g;
        rgba[at + 2] = rgb.b;
      } else {
        const grey = first !== undefined ? to8Bit(first.value, layout) : 0;
        rgba[at] = grey;
        rgba[at + 1] = grey;
        rgba[at + 2] = grey;
      }
      rgba[at + 3] = 255;
    }
  }
  return { width, height: rows, rgba };
}
