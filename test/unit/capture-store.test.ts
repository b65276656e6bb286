/** The capture slice's pure logic: stepping between captured frames. */
import { describe, expect, it } from 'vitest';
import { stepCaptured } from '../../renderer/src/store/capture-slice';

describe('stepCaptured', () => {
  it('moves between captured frames, clamped at both ends', () => {
    const frames = [0, 3, 7];
    expect(stepCaptured(frames, 0, 1)).toBe(3);
    expect(stepCaptured(frames, 3, 1)).toBe(7);
    expect(stepCaptured(frames, 7, 1)).toBe(7);
    expect(stepCaptured(frames, 7, -10)).toBe(0);
    expect(stepCaptured(frames, 5, 1)).toBe(7);
    expect(stepCaptured(frames, 5, -1)).toBe(3);
    expect(stepCaptured(frames, 9, -1)).toBe(7);
    expect(stepCaptured([], 4, 1)).toBe(4);
  });
});
