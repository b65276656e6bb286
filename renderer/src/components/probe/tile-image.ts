/**
 * Pixels of a tile for the canvas, as the probe's view asks: one grey level per sample of a one-component plane, and
 * for interleaved chroma the colour of mid-grey luma with the pixel's U and V (so chroma reads as colour), or U only or
 * V only as grey. Each sample is taken as its value or as its 16-bit word as stored, and scaled to 8 bits from its
 * full range (the value's bit depth; the word's high byte, what an 8-bit read of the bytes sees) or stretched from
 * the least to the greatest sample of the tiles read, so small differences show.
 */
import type { DecodedSample, SampleLayout } from './sample-format';
import { decodePixel, to8Bit } from './sample-format';
import { yuvToRgb } from './yuv-rgb';

/** The least and greatest sample a stretch maps to 0 and 255. */
export interface SampleSpan {
  min: number;
  max: number;
}

/** How samples become the canvas's pixels. */
export interface SampleMapping {
  /** Every component of the pixel ('all'), or one of them by its index (U only: 0, V only: 1). */
  channel: 'all' | number;
  /** The sample's value, or its word as it lies in memory (16-bit formats). */
  representation: 'value' | 'word';
  /** Null: full scale; else the span stretched to 0–255. */
  stretch: SampleSpan | null;
}

/** Today's view: every component, values at full scale. */
export const FULL_SCALE: SampleMapping = { channel: 'all', representation: 'value', stretch: null };

/** Whether a layout keeps its samples in 16-bit words with fewer bits than the word (P010, yuv420p10le). */
export function hasWordView(layout: SampleLayout): boolean {
  return layout.bytesPerSample === 2 && (layout.placement === 'high' || layout.placement === 'low');
}

/** The samples the view shows: all of the pixel's, or the chosen channel's (none past the pixel's last). */
export function shownSamples(samples: readonly DecodedSample[], mapping: SampleMapping): DecodedSample[] {
  return mapping.channel === 'all' ? [...samples] : samples.filter((_, i) => i === mapping.channel);
}

/** The number a sample is shown as: its value, or its word as stored. */
function sampleNumber(sample: DecodedSample, representation: SampleMapping['representation']): number {
  return representation === 'word' ? Number(sample.word) : sample.value;
}

/** A sample's number as an 8-bit level: stretched over the span, or at full scale (a word by its high byte). */
export function sampleLevel(number: number, layout: SampleLayout, mapping: SampleMapping): number {
  const { stretch } = mapping;
  if (stretch !== null) {
    if (stretch.max <= stretch.min) return 0;
    return Math.min(255, Math.max(0, Math.round(((number - stretch.min) * 255) / (stretch.max - stretch.min))));
  }
  if (mapping.representation === 'word') return layout.bytesPerSample === 2 ? number >> 8 : number;
  return to8Bit(number, layout);
}

/** The colour a pixel is drawn in: the grey level of the one sample shown, or mid-grey luma with the U and V shown. */
export function pixelRgb(
  samples: readonly DecodedSample[],
  layout: SampleLayout,
  mapping: SampleMapping = FULL_SCALE,
): [number, number, number] {
  const [first, second] = shownSamples(samples, mapping);
  if (first !== undefined && second !== undefined) {
    const full = mapping.stretch === null && mapping.representation === 'value';
    const rgb = full
      ? yuvToRgb(2 ** (layout.bitDepth - 1), first.value, second.value, layout.bitDepth, 'bt709', 'tv', 1080)
      : yuvToRgb(
          128,
          sampleLevel(sampleNumber(first, mapping.representation), layout, mapping),
          sampleLevel(sampleNumber(second, mapping.representation), layout, mapping),
          8,
          'bt709',
          'tv',
          1080,
        );
    return [rgb.r, rgb.g, rgb.b];
  }
  const grey = first !== undefined ? sampleLevel(sampleNumber(first, mapping.representation), layout, mapping) : 0;
  return [grey, grey, grey];
}

/** The bytes of one read tile: rows of bytesPerRow bytes. */
export interface TileBytes {
  bytes: Uint8Array;
  rows: number;
  bytesPerRow: number;
}

/** The least and greatest number shown over the tiles' samples (the chosen channel, value or word), or null. */
export function tilesSpan(
  tiles: readonly TileBytes[],
  bytesPerPixel: number,
  layout: SampleLayout,
  mapping: Pick<SampleMapping, 'channel' | 'representation'>,
): SampleSpan | null {
  let min = Infinity;
  let max = -Infinity;
  for (const { bytes, rows, bytesPerRow } of tiles) {
    const width = Math.floor(bytesPerRow / bytesPerPixel);
    for (let y = 0; y < rows; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const samples = decodePixel(bytes, y * bytesPerRow + x * bytesPerPixel, layout);
        for (const sample of shownSamples(samples, { ...mapping, stretch: null })) {
          const number = sampleNumber(sample, mapping.representation);
          if (number < min) min = number;
          if (number > max) max = number;
        }
      }
    }
  }
  return min <= max ? { min, max } : null;
}

/** RGBA pixels of a tile's bytes: rows × (bytesPerRow / bytes per pixel) pixels. */
export function tileRgba(
  bytes: Uint8Array,
  rows: number,
  bytesPerRow: number,
  bytesPerPixel: number,
  layout: SampleLayout,
  mapping: SampleMapping = FULL_SCALE,
): { width: number; height: number; rgba: Uint8ClampedArray<ArrayBuffer> } {
  const width = Math.max(1, Math.floor(bytesPerRow / bytesPerPixel));
  const rgba = new Uint8ClampedArray(new ArrayBuffer(width * rows * 4));
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixelRgb(decodePixel(bytes, y * bytesPerRow + x * bytesPerPixel, layout), layout, mapping);
      const at = (y * width + x) * 4;
      rgba[at] = r;
      rgba[at + 1] = g;
      rgba[at + 2] = b;
      rgba[at + 3] = 255;
    }
  }
  return { width, height: rows, rgba };
}
