import { describe, expect, it } from 'vitest';
import { durationWords, progressLine } from '../../electron/scan/scan-progress';

describe("a scan's progress line", () => {
  it('counts the files found so far while the counting walk runs, and tells no time left yet', () => {
    expect(progressLine({ done: 3, taken: 5, expected: null, frames: 300, seconds: 2, scannedNow: 3 })).toBe(
      '3 of 5+ files · 300 frames · 150 fps',
    );
  });

  it('tells the time left by the files done, once every file is counted', () => {
    expect(progressLine({ done: 10, taken: 12, expected: 40, frames: 1000, seconds: 20, scannedNow: 10 })).toBe(
      '10 of 40 files · 1000 frames · 50 fps · about 1 min left',
    );
  });

  it('measures only the files this run scanned, not those an earlier run had done', () => {
    // 30 found done at once, 2 scanned in 10 s: 8 left take about 40 s.
    expect(progressLine({ done: 32, taken: 32, expected: 40, frames: 200, seconds: 10, scannedNow: 2 })).toBe(
      '32 of 40 files · 200 frames · 20 fps · about 40 s left',
    );
    expect(progressLine({ done: 30, taken: 30, expected: 40, frames: 0, seconds: 0, scannedNow: 0 })).toBe(
      '30 of 40 files · 0 frames · 0 fps',
    );
  });

  it('counts the frames of files whose A/B is pending, and the files themselves only once their A/B is done', () => {
    // 10 written in 20 s, 3 more scanned (their frames counted) and waiting for their A/B: 30 left by files.
    expect(
      progressLine({ done: 10, taken: 13, expected: 40, frames: 1300, seconds: 20, scannedNow: 10, comparing: 3 }),
    ).toBe('10 of 40 files · 1300 frames · 65 fps · 3 in the A/B · about 1 min left');
    expect(
      progressLine({ done: 10, taken: 13, expected: 40, frames: 1300, seconds: 20, scannedNow: 10, comparing: 0 }),
    ).toBe('10 of 40 files · 1300 frames · 65 fps · about 1 min left');
  });

  it('says nothing left when the last file is done', () => {
    expect(progressLine({ done: 40, taken: 40, expected: 40, frames: 4000, seconds: 80, scannedNow: 40 })).toBe(
      '40 of 40 files · 4000 frames · 50 fps',
    );
  });

  it('words durations in seconds, minutes and hours', () => {
    expect(durationWords(0.2)).toBe('1 s');
    expect(durationWords(59)).toBe('59 s');
    expect(durationWords(90)).toBe('2 min');
    expect(durationWords(3900)).toBe('1 h 5 min');
  });
});
