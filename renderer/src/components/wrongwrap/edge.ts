/** Finds where a chroma shift shows most: the strongest vertical colour gradient of a picture. */
import type { RgbPixels } from './pixels';

/** A horizontal colour edge: between row y and row y + 1, strongest at column x. */
export interface ColourEdge {
  x: number;
  y: number;
  /** The row pair's summed gradient; zero when the picture has no colour change from one row to the next. */
  strength: number;
}

/** The two colour-difference signals (B − Y and R − Y, BT.709 luma) of the pixel at byte offset i. */
function chroma(rgb: Uint8Array, i: number): [number, number] {
  const r = rgb[i] ?? 0;
  const g = rgb[i + 1] ?? 0;
  const b = rgb[i + 2] ?? 0;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return [b - y, r - y];
}

/** |Δ(B − Y)| + |Δ(R − Y)| between the pixel at (x, y) and the one below it. */
function gradient(image: RgbPixels, x: number, y: number): number {
  const above = (y * image.width + x) * 3;
  const [cbA, crA] = chroma(image.rgb, above);
  const [cbB, crB] = chroma(image.rgb, above + image.width * 3);
  return Math.abs(cbB - cbA) + Math.abs(crB - crA);
}

/**
 * The row pair whose colour (not brightness: a chroma shift leaves luma in place) changes most across the whole
 * width, and the column where it changes most; the first of equals. Null when no row pair changes colour.
 */
export function strongestColourEdge(image: RgbPixels): ColourEdge | null {
  let best: ColourEdge | null = null;
  for (let y = 0; y + 1 < image.height; y += 1) {
    let sum = 0;
    let peak = -1;
    let peakX = 0;
    for (let x = 0; x < image.width; x += 1) {
      const g = gradient(image, x, y);
      sum += g;
      if (g > peak) {
        peak = g;
        peakX = x;
      }
    }
    if (sum > 0 && (best === null || sum > best.strength)) best = { x: peakX, y, strength: sum };
  }
  return best;
}
