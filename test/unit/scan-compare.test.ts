import { describe, expect, it } from 'vitest';
import type { DecoderCompareResult } from '../../contract/decoder-compare';
import { compareFindings, comparedFrames, MAX_COMPARED_FRAMES } from '../../electron/scan/scan-compare';

type Frame = DecoderCompareResult['frames'][number];

function frame(index: number, more: Partial<Frame> = {}): Frame {
  return {
    index,
    identical: true,
    cause: null,
    tolerance: 0,
    bitExactRequired: true,
    formatA: 'nv12',
    formatB: 'yuv420p',
    planes: ['Y', 'U', 'V'].map((plane) => ({ plane, identical: true, differing: 0, maxAbsDiff: 0 })),
    ...more,
  } as unknown as Frame;
}

const differing = (maxAbsDiff: number) =>
  ['Y', 'U', 'V'].map((plane) => ({
    plane,
    identical: plane === 'Y',
    differing: plane === 'Y' ? 0 : 40,
    maxAbsDiff: plane === 'Y' ? 0 : maxAbsDiff,
  }));

const result = (frames: Frame[], codec = 'vp9'): DecoderCompareResult =>
  ({ decoderA: 'nvdec', codec, frames }) as unknown as DecoderCompareResult;

describe('the sampled decoder A/B of a scan', () => {
  it('samples frame 0 and every N-th, at most the cap', () => {
    expect(comparedFrames(24, 12)).toEqual([0, 12]);
    expect(comparedFrames(5, 0)).toEqual([]);
    expect(comparedFrames(1000, 1)).toHaveLength(MAX_COMPARED_FRAMES);
  });

  it('groups a named mistake across the frames it was seen in, without frame numbers', () => {
    const cause = "U identical when read 1 row after FFmpeg's pointer: a plane-offset mistake";
    const found = compareFindings(
      result([
        frame(0, { identical: false, cause, planes: differing(90) } as Partial<Frame>),
        frame(12, { identical: false, cause, planes: differing(80) } as Partial<Frame>),
        frame(24),
      ]),
    );
    expect(found).toEqual([
      {
        check: 'compare',
        cause: `the decoder A/B: ${cause}`,
        frames: 2,
        firstFrame: 0,
        detail: 'nv12 vs yuv420p; U 40 differ, max 90, V 40 differ, max 90',
      },
    ]);
  });

  it('finds a bit-exact codec decoded differently with no explanation, and passes a spread within the tolerance', () => {
    const [unexplained] = compareFindings(
      result([frame(3, { identical: false, planes: differing(5) } as Partial<Frame>)]),
    );
    expect(unexplained?.cause).toMatch(
      /nvdec decoded differently from software decoding where vp9 requires the same samples/,
    );
    const within = frame(0, {
      identical: false,
      tolerance: 8,
      bitExactRequired: false,
      planes: differing(3),
    } as Partial<Frame>);
    expect(compareFindings(result([within], 'mpeg2video'))).toEqual([]);
    const beyond = frame(0, {
      identical: false,
      tolerance: 8,
      bitExactRequired: false,
      planes: differing(30),
    } as Partial<Frame>);
    expect(compareFindings(result([beyond], 'mpeg2video'))[0]?.cause).toMatch(/beyond mpeg2video's tolerance \(8\)/);
  });
});
