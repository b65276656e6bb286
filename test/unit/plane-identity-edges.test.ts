/**
 * The edges of a plane's identity facts: a pointer string that is not a whole 64-bit hex address is no pointer (never
 * judged equal, never a crash), and a stride NVCV did not export is not compared.
 */
import { describe, expect, it } from 'vitest';
import { frameChecks } from '../../contract/checks';
import {
  pointerDelta,
  pointerDifferences,
  pointersEqual,
  pointerShift,
  strideDifferences,
  strideShift,
  stridesEqual,
  type IdentityPlane,
} from '../../contract/plane-identity';
import { noNvcvFrame, paddedNv12Device } from '../support/reports';

/** The padded frame's chroma plane with both pointers set to the given strings. */
function chroma(ffmpegPointer: string, nvcvPointer: string | null): IdentityPlane {
  const plane = paddedNv12Device().planes[1];
  if (plane === undefined) throw new Error('fixture lacks a chroma plane');
  return { ...plane, ffmpegPointer, nvcvPointer };
}

describe('a pointer string that is no hex address', () => {
  it.each([
    ['trailing text after the digits', '0x7f0000220000zz'],
    ['text before the 0x', 'at 0x7f0000220000'],
    ['seventeen digits, wider than 64 bits', '0x10000000000000000'],
    ['no digits', '0x'],
    ['no 0x', '7f0000220000'],
  ])('with %s is never judged equal, even to itself', (_what, text) => {
    for (const plane of [chroma(text, text), chroma('0x7f0000220000', text), chroma(text, '0x7f0000220000')]) {
      expect(pointerDelta(plane)).toBeNull();
      expect(pointersEqual(plane)).toBeNull();
      expect(pointerShift(plane)).toBeNull();
      expect(pointerDifferences([plane])).toEqual([]);
    }
  });

  it('leaves the pointer check neutral, never green, when NVCV exported a pointer that is no address', () => {
    const report = paddedNv12Device();
    report.planes[1]!.nvcvPointer = 'NVCVImageHandle(7)';
    const pointers = frameChecks(report).find((c) => c.name === 'pointers');
    expect(pointers?.ok).toBeNull();
  });

  it('compares whole addresses of any case and width up to 64 bits', () => {
    expect(pointersEqual(chroma('0x7F0000220000', '0x7f0000220000'))).toBe(true);
    expect(pointerDelta(chroma('0xffffffffffffffff', '0x0'))).toBe(-(2n ** 64n - 1n));
    expect(pointerDelta(chroma('0x7f0000220000', '0x7f0000220800'))).toBe(2048n);
  });
});

describe('a stride NVCV did not export', () => {
  it('is not compared, named or counted as a difference', () => {
    const plane: IdentityPlane = { ...paddedNv12Device().planes[0]!, nvcvRowStride: null };
    expect(stridesEqual(plane)).toBeNull();
    expect(strideShift(plane)).toBeNull();
    const bare = noNvcvFrame();
    expect(strideDifferences(bare.planes)).toEqual([]);
    expect(frameChecks(bare).find((c) => c.name === 'strides')).toEqual({
      name: 'strides',
      ok: null,
      detail: 'NVCV exported no row strides for this frame',
    });
  });
});
