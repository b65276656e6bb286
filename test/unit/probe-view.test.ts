/**
 * The probe's channel and range views on known bytes: U only and V only of interleaved chroma as grey, a stretch
 * over the least and greatest sample of the tiles read, and the word as stored (its high byte) against the value,
 * on P010's high-bit words and yuv420p10le's low-bit ones.
 */
import { describe, expect, it } from 'vitest';
import { decodePixel, sampleLayout } from '../../renderer/src/components/probe/sample-format';
import {
  FULL_SCALE,
  hasWordView,
  pixelRgb,
  sampleLevel,
  tileRgba,
  tilesSpan,
  type SampleMapping,
} from '../../renderer/src/components/probe/tile-image';
import { yuvToRgb } from '../../renderer/src/components/probe/yuv-rgb';

const p010Chroma = sampleLayout('p010le', 10, { name: 'UV', bytesPerPixel: 4 });
const p010Luma = sampleLayout('p010le', 10, { name: 'Y', bytesPerPixel: 2 });
const lowLuma = sampleLayout('yuv420p10le', 10, { name: 'Y', bytesPerPixel: 2 });
const nv12Chroma = sampleLayout('nv12', 8, { name: 'UV', bytesPerPixel: 2 });

/** Little-endian bytes of 16-bit words. */
const le16 = (...words: number[]): Uint8Array => new Uint8Array(words.flatMap((w) => [w & 0xff, w >> 8]));

const view = (over: Partial<SampleMapping>): SampleMapping => ({ ...FULL_SCALE, ...over });

describe('the channel of interleaved chroma', () => {
  // P010: U 512 and V 600 in the high 10 bits of their words (0x8000 and 0x9600), bytes 00 80 00 96.
  const bytes = le16(512 << 6, 600 << 6);
  const samples = decodePixel(bytes, 0, p010Chroma);

  it('reads the P010 bytes as U 512 and V 600', () => {
    expect(Array.from(bytes)).toEqual([0x00, 0x80, 0x00, 0x96]);
    expect(samples.map((s) => [s.component, s.word, s.value])).toEqual([
      ['U', '0x8000', 512],
      ['V', '0x9600', 600],
    ]);
  });

  it('U and V: the colour of mid-grey luma with both, as before', () => {
    const rgb = yuvToRgb(512, 512, 600, 10, 'bt709', 'tv', 1080);
    expect(pixelRgb(samples, p010Chroma)).toEqual([rgb.r, rgb.g, rgb.b]);
    expect(pixelRgb(samples, p010Chroma, view({ channel: 'all' }))).toEqual([rgb.r, rgb.g, rgb.b]);
  });

  it('U only and V only: each as grey, its 10 bits scaled to 8 (value >> 2)', () => {
    expect(pixelRgb(samples, p010Chroma, view({ channel: 0 }))).toEqual([128, 128, 128]);
    expect(pixelRgb(samples, p010Chroma, view({ channel: 1 }))).toEqual([150, 150, 150]);
  });

  it('NV12: U only and V only are the bytes themselves', () => {
    const nv12 = decodePixel(new Uint8Array([90, 200]), 0, nv12Chroma);
    expect(pixelRgb(nv12, nv12Chroma, view({ channel: 0 }))).toEqual([90, 90, 90]);
    expect(pixelRgb(nv12, nv12Chroma, view({ channel: 1 }))).toEqual([200, 200, 200]);
  });

  it('a tile drawn as V only has V’s grey in every pixel', () => {
    const tile = le16(512 << 6, 600 << 6, 100 << 6, 1020 << 6);
    const { width, rgba } = tileRgba(tile, 1, 8, 4, p010Chroma, view({ channel: 1 }));
    expect(width).toBe(2);
    expect(Array.from(rgba)).toEqual([150, 150, 150, 255, 255, 255, 255, 255]);
  });
});

describe('stretch', () => {
  // Two rows of two P010 luma samples, close together: 500, 503, 507 and 510.
  const tile = { bytes: le16(500 << 6, 503 << 6, 507 << 6, 510 << 6), rows: 2, bytesPerRow: 4 };

  it('takes the least and the greatest sample of the tiles read, of the channel shown', () => {
    expect(tilesSpan([tile], 2, p010Luma, { channel: 'all', representation: 'value' })).toEqual({ min: 500, max: 510 });
    const other = { bytes: le16(495 << 6), rows: 1, bytesPerRow: 2 };
    expect(tilesSpan([tile, other], 2, p010Luma, { channel: 'all', representation: 'value' })).toEqual({
      min: 495,
      max: 510,
    });
    expect(tilesSpan([], 2, p010Luma, { channel: 'all', representation: 'value' })).toBeNull();
    // Of V only: the V samples, not the U ones.
    const chroma = { bytes: le16(100 << 6, 600 << 6, 900 << 6, 610 << 6), rows: 1, bytesPerRow: 8 };
    expect(tilesSpan([chroma], 4, p010Chroma, { channel: 1, representation: 'value' })).toEqual({ min: 600, max: 610 });
    expect(tilesSpan([chroma], 4, p010Chroma, { channel: 0, representation: 'word' })).toEqual({
      min: 100 << 6,
      max: 900 << 6,
    });
  });

  it('maps the span to 0–255, so a difference of 3 in 10 bits becomes 77 levels', () => {
    const stretch = { min: 500, max: 510 };
    const { rgba } = tileRgba(tile.bytes, 2, 4, 2, p010Luma, view({ stretch }));
    expect([rgba[0], rgba[4], rgba[8], rgba[12]]).toEqual([0, 77, 179, 255]);
    // At full scale the four are two levels apart at most.
    const full = tileRgba(tile.bytes, 2, 4, 2, p010Luma).rgba;
    expect([full[0], full[4], full[8], full[12]]).toEqual([125, 125, 126, 127]);
  });

  it('a flat span draws black, and a number past the span is clamped', () => {
    expect(sampleLevel(7, p010Luma, view({ stretch: { min: 7, max: 7 } }))).toBe(0);
    expect(sampleLevel(20, p010Luma, view({ stretch: { min: 0, max: 10 } }))).toBe(255);
  });
});

describe('value against the word as stored', () => {
  it('is offered for samples in 16-bit words with fewer bits, not for bytes', () => {
    expect(hasWordView(p010Luma)).toBe(true);
    expect(hasWordView(lowLuma)).toBe(true);
    expect(hasWordView(nv12Chroma)).toBe(false);
    expect(hasWordView(sampleLayout('yuv420p16le', 16, { name: 'Y', bytesPerPixel: 2 }))).toBe(false);
  });

  it('P010: the word’s high byte is what an 8-bit read sees, value >> 2 when the low 6 bits are clear', () => {
    const samples = decodePixel(le16(0x9600), 0, p010Luma);
    expect(pixelRgb(samples, p010Luma, view({ representation: 'word' }))).toEqual([0x96, 0x96, 0x96]);
    // Bits in the low six (not P010 as NVDEC writes it) show in the word, not in the value.
    const stray = decodePixel(le16(0x963f), 0, p010Luma);
    expect(stray[0]?.value).toBe(600);
    expect(pixelRgb(stray, p010Luma, view({ representation: 'word', stretch: { min: 0x9600, max: 0x963f } }))).toEqual([
      255, 255, 255,
    ]);
  });

  it('yuv420p10le: the bits sit low, so a naive 8-bit read of the high byte is nearly black', () => {
    // Value 600 is the word 0x0258, bytes 58 02: the value at full scale is 150, the high byte 2.
    const samples = decodePixel(new Uint8Array([0x58, 0x02]), 0, lowLuma);
    expect(samples[0]?.value).toBe(600);
    expect(pixelRgb(samples, lowLuma)).toEqual([150, 150, 150]);
    expect(pixelRgb(samples, lowLuma, view({ representation: 'word' }))).toEqual([2, 2, 2]);
  });

  it('U and V as words stretched: the colour of the stretched levels at 8 bits', () => {
    const samples = decodePixel(le16(512 << 6, 600 << 6), 0, p010Chroma);
    const stretch = { min: 512 << 6, max: 600 << 6 };
    const rgb = yuvToRgb(128, 0, 255, 8, 'bt709', 'tv', 1080);
    expect(pixelRgb(samples, p010Chroma, view({ representation: 'word', stretch }))).toEqual([rgb.r, rgb.g, rgb.b]);
  });
});
