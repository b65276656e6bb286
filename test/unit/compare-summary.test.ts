import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCounts, RGB_ROUNDING, withinTolerance } from '../../contract/compare-summary';
import type { DecoderCompareResult } from '../../contract/decoder-compare';

type Frame = DecoderCompareResult['frames'][number];

/** A frame compared: identical samples unless said, with an RGB line differing by at most maxAbsDiff. */
function frame(
  index: number,
  identical: boolean,
  rgbMax: number | null,
  more: { cause?: string; tolerance?: number; planeMax?: number[] } = {},
): Frame {
  return {
    index,
    identical,
    cause: more.cause ?? null,
    tolerance: more.tolerance ?? 0,
    planes: (more.planeMax ?? [0, 0, 0]).map((maxAbsDiff, i) => ({ plane: ['Y', 'U', 'V'][i], maxAbsDiff })),
    rgb: rgbMax === null ? null : { maxAbsDiff: rgbMax, identical: rgbMax === 0 },
  } as unknown as Frame;
}

function result(frames: Frame[], bitExactMismatch = false): DecoderCompareResult {
  return { frames, bitExactMismatch } as unknown as DecoderCompareResult;
}

describe('a comparison in counts', () => {
  it('passes identical samples whose RGB differs only by the converters rounding', () => {
    const counts = compareCounts(result([frame(0, true, 1), frame(1, true, RGB_ROUNDING), frame(2, true, null)]));
    expect(counts).toEqual({
      frames: 3,
      identical: 3,
      differing: 0,
      rgbDiffering: 0,
      rgbMaxAbsDiff: RGB_ROUNDING,
      explained: 0,
      bitExactMismatch: false,
      failed: false,
    });
  });

  it('fails when RGB differs beyond rounding although every sample is identical', () => {
    const counts = compareCounts(result([frame(0, true, 22), frame(1, true, 1)]));
    expect(counts).toMatchObject({ identical: 2, rgbDiffering: 1, rgbMaxAbsDiff: 22, failed: true });
    expect(compareCounts(result([frame(0, true, RGB_ROUNDING + 1)])).failed).toBe(true);
  });

  it('fails on a bit-exact mismatch and counts differing frames', () => {
    const counts = compareCounts(result([frame(0, false, 0), frame(1, true, 0)], true));
    expect(counts).toMatchObject({ identical: 1, differing: 1, rgbDiffering: 0, failed: true });
    expect(compareCounts(result([frame(0, false, 0)], false)).failed).toBe(false);
  });

  it('fails when a mistake explains a difference, even for a codec that is not bit-exact', () => {
    const cause = "U within 8 of B's when read 1 row after FFmpeg's pointer: a plane-offset mistake";
    const counts = compareCounts(result([frame(0, false, 90, { cause, tolerance: 8, planeMax: [3, 120, 4] })]));
    expect(counts).toMatchObject({ differing: 1, explained: 1, bitExactMismatch: false, failed: true });
  });

  it('passes a codec that is not bit-exact when every plane stays within its tolerance', () => {
    const within = frame(0, false, 1, { tolerance: 8, planeMax: [3, 2, 8] });
    expect(withinTolerance(within)).toBe(true);
    expect(compareCounts(result([within])).failed).toBe(false);
    expect(withinTolerance(frame(0, false, 1, { tolerance: 8, planeMax: [3, 9, 2] }))).toBe(false);
    expect(withinTolerance(frame(0, false, 1, { tolerance: 0, planeMax: [0, 0, 0] }))).toBe(false);
  });

  it('states the rounding the native comparison tries explanations beyond', () => {
    const header = readFileSync(
      path.join(import.meta.dirname, '..', '..', 'native', 'src', 'core', 'compare', 'decoder_compare.h'),
      'utf8',
    );
    expect(header).toMatch(new RegExp(`constexpr int kRgbTolerance = ${RGB_ROUNDING};`));
  });
});
