/** Bytes a capture did not keep, in plain words: the rows it did keep, by plane name, from the real refusal. */
import { describe, expect, it } from 'vitest';
import { keptRows, NOT_CAPTURED, notCapturedWords } from '../../wording/not-captured';
import { paddedNv12Device } from '../support/reports';

const report = paddedNv12Device();
const names = (plane: number): string => report.planes[plane]?.name ?? `plane ${plane}`;

/** The backend's refusal of a read a capture holds no bytes for, in its own words (electron/capture: the rows asked,
 * then the rows it holds, sample by sample, or that it holds none of the frame). */
function refusal(held: string[]): string {
  const holds = held.length > 0 ? `; it holds ${held.join(', ')}` : '; it holds none of this frame';
  return `The capture holds no bytes for rows 500–500 of plane 0 of frame 0${holds}.`;
}

describe('bytes a capture did not keep', () => {
  it('lists the rows kept by plane name, runs merged, without the error code', () => {
    const message = refusal([
      'plane 0 rows 1084–1089',
      'plane 0 rows 0–1',
      'plane 0 rows 1078–1083',
      'plane 1 rows 0–1',
    ]);
    expect(keptRows(message)).toEqual([
      { plane: 0, from: 1084, to: 1089 },
      { plane: 0, from: 0, to: 1 },
      { plane: 0, from: 1078, to: 1083 },
      { plane: 1, from: 0, to: 1 },
    ]);
    const words = notCapturedWords(message, names);
    expect(words).toBe(`${NOT_CAPTURED} (kept: Y rows 0–1, 1078–1089; UV rows 0–1)`);
    expect(words).not.toMatch(/MEMORY_NOT_CAPTURED|plane \d/);
  });

  it('says the capture kept nothing of the frame when it holds no sample', () => {
    const message = refusal([]);
    expect(keptRows(message)).toEqual([]);
    expect(notCapturedWords(message, names)).toBe(`${NOT_CAPTURED} (it kept no bytes of this frame's memory).`);
  });
});
