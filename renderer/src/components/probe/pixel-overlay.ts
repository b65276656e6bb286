/**
 * What the probe draws over its pixels when they are large enough: a grid between pixels from 16 screen pixels a
 * pixel, and each pixel's samples inside it from 32 (the channel the view shows: Y, U and V of interleaved chroma, U or
 * V; as values, or as words in hex where the view shows the words as stored), in a text colour
 * chosen against the colour the pixel is drawn in, so the values read on dark and light samples alike.
 */
import type { PixelAt } from '../../model/pixel-address';
import type { PlaneGrid, View } from '../../model/tile-plan';
import type { DecodedSample } from './sample-format';

/** The zoom (screen pixels a pixel) from which the grid is drawn. */
export const GRID_ZOOM = 16;

/** The zoom from which each pixel's values are written inside it. */
const VALUE_ZOOM = 32;

/** A pixel's samples the view shows (the chosen channel), how they are shown, and the colour it is drawn in. */
export interface DrawnPixel {
  samples: readonly DecodedSample[];
  /** 'word': each sample's 16-bit word as stored, in hex; else its value. */
  representation?: 'value' | 'word';
  rgb: readonly [number, number, number];
}

/** The values written inside one pixel, where it lies on screen, and the text colour that reads on it. */
export interface ValueLabel {
  at: PixelAt;
  /** Screen position of the pixel's top-left corner in the view, in CSS pixels. */
  left: number;
  top: number;
  /** One line per component shown: "81", "0x8000" (a word), or "U 128" and "V 130" for interleaved chroma. */
  lines: string[];
  /** 'dark' text on a light pixel, 'light' text on a dark one. */
  tone: 'dark' | 'light';
}

/** The pixels of the grid whose squares lie (at least partly) inside a view of width × height. */
function pixelsOnScreen(
  view: View,
  grid: PlaneGrid,
  width: number,
  height: number,
): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.max(0, Math.floor(view.x)),
    y0: Math.max(0, Math.floor(view.y)),
    x1: Math.min(grid.columns, Math.ceil(view.x + width / view.zoom)),
    y1: Math.min(grid.rows, Math.ceil(view.y + height / view.zoom)),
  };
}

/** The text colour that reads on a pixel drawn in rgb: dark text from a relative luminance of 0.18 up. */
function toneOn(rgb: readonly [number, number, number]): 'dark' | 'light' {
  const linear = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (linear[0] ?? 0) + 0.7152 * (linear[1] ?? 0) + 0.0722 * (linear[2] ?? 0);
  // The luminance where black and white text have equal contrast: (L + 0.05)² = 1.05 × 0.05.
  return luminance >= 0.179 ? 'dark' : 'light';
}

/**
 * The lines written in a pixel: the bare value (or word, in hex) of one component, each component named where there
 * are more ("U 128" from 64 screen pixels a pixel, "U128" below, where the space would not fit).
 */
function valueLines(
  samples: readonly DecodedSample[],
  zoom: number,
  representation: 'value' | 'word' = 'value',
): string[] {
  const text = (s: DecodedSample): string => (representation === 'word' ? s.word : String(s.value));
  if (samples.length === 1) return samples.map(text);
  return samples.map((s) => `${s.component}${zoom >= 64 ? ' ' : ''}${text(s)}`);
}

/** The labels of every pixel on screen whose bytes are read, or none below VALUE_ZOOM. */
export function valueLabels(
  view: View,
  grid: PlaneGrid,
  width: number,
  height: number,
  pixelAt: (x: number, y: number) => DrawnPixel | null,
): ValueLabel[] {
  if (view.zoom < VALUE_ZOOM) return [];
  const { x0, y0, x1, y1 } = pixelsOnScreen(view, grid, width, height);
  const labels: ValueLabel[] = [];
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const drawn = pixelAt(x, y);
      if (drawn === null || drawn.samples.length === 0) continue;
      labels.push({
        at: { plane: grid.plane, x, y },
        left: (x - view.x) * view.zoom,
        top: (y - view.y) * view.zoom,
        lines: valueLines(drawn.samples, view.zoom, drawn.representation),
        tone: toneOn(drawn.rgb),
      });
    }
  }
  return labels;
}
