/** The frame label, the window title, adaptive timing units, and the jump fields' checks. */
import { describe, expect, it } from 'vitest';
import { frameLabel, longestFrameLabel, windowTitle } from '../../renderer/src/components/nav/frame-words';
import { checkFrame, checkTime } from '../../renderer/src/components/nav/jump-check';
import { formatDuration } from '../../renderer/src/format';

describe('frame words', () => {
  it('count frames from 1 while indices start at 0: frame 0 of 96 is the first of 96', () => {
    expect(frameLabel(0, 96)).toBe('frame 0 of 96');
    expect(frameLabel(95, 96)).toBe('frame 95 of 96');
    expect(longestFrameLabel(96)).toBe('frame 95 of 96'.length);
    expect(longestFrameLabel(0)).toBe('frame 0 of 0'.length);
  });

  it('title the window with the file and the frame', () => {
    expect(windowTitle('sample.mp4', 12, 96)).toBe('sample.mp4 · frame 12 of 96 — Zero-Copy Inspector');
    expect(windowTitle('sample.mp4', null, 96)).toBe('sample.mp4 — Zero-Copy Inspector');
    expect(windowTitle(null, null, null)).toBe('Zero-Copy Inspector');
  });
});

describe('checkFrame', () => {
  it('takes a whole number from 0 to the last frame', () => {
    expect(checkFrame('47', 48)).toEqual({ ok: true, value: 47 });
    expect(checkFrame(' 0 ', 48)).toEqual({ ok: true, value: 0 });
  });

  it('refuses what is out of range or no frame number, saying why', () => {
    expect(checkFrame('48', 48)).toEqual({ ok: false, problem: 'last frame is 47' });
    expect(checkFrame('-1', 48)).toEqual({ ok: false, problem: 'the first frame is 0' });
    expect(checkFrame('2.5', 48)).toEqual({ ok: false, problem: 'frame numbers are whole numbers' });
    expect(checkFrame('abc', 48)).toEqual({ ok: false, problem: 'type a frame number' });
    expect(checkFrame('', 48)).toEqual({ ok: false, problem: 'type a frame number' });
  });
});

describe('checkTime', () => {
  it('takes a time from 0 to the duration and refuses others', () => {
    expect(checkTime('1.5', 4)).toEqual({ ok: true, value: 1.5 });
    expect(checkTime('4', 4)).toEqual({ ok: true, value: 4 });
    expect(checkTime('4.01', 4)).toEqual({ ok: false, problem: 'the clip ends at 4.000 s' });
    expect(checkTime('-0.5', 4)).toEqual({ ok: false, problem: 'times start at 0 s' });
    expect(checkTime('soon', 4)).toEqual({ ok: false, problem: 'type a time in seconds' });
  });
});

describe('formatDuration', () => {
  it('picks µs, ms or s with three digits', () => {
    expect(formatDuration(1.046)).toBe('1.05 µs');
    expect(formatDuration(12.34)).toBe('12.3 µs');
    expect(formatDuration(593.101)).toBe('593 µs');
    expect(formatDuration(28602.618)).toBe('28.6 ms');
    expect(formatDuration(123.4)).toBe('123 µs');
    expect(formatDuration(1_250_000)).toBe('1.25 s');
    expect(formatDuration(95_000_000)).toBe('95.0 s');
    expect(formatDuration(0)).toBe('0 µs');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatDuration(999.4)).toBe('999 µs');
    expect(formatDuration(999.7)).toBe('1.00 ms');
    expect(formatDuration(999_700)).toBe('1.00 s');
    expect(formatDuration(5_000_000_000)).toBe('5000 s');
  });

  it('says nothing for what is not a duration', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
  });
});
