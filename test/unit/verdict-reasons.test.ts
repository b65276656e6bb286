/**
 * The line under each big verdict that says why: the single tensor's rows, a planted fault's note, the format pair,
 * how far the decoder's plane lies from FFmpeg's pointer and on which side, and how the proof went.
 */
import { describe, expect, it } from 'vitest';
import { frameChecks } from '../../contract/checks';
import type { DecoderSurface, FrameReport } from '../../contract/report';
import { frameVerdicts, type Verdict } from '../../wording/verdicts';
import { mismatchFrame, noNvcvFrame, paddedNv12Device } from '../support/reports';

/** Why the frame's verdict of one key is what it is; fails the test when the frame does not tell that verdict. */
function whyOf(report: FrameReport, key: Verdict['key']): string {
  const verdict = frameVerdicts(report).find((v) => v.key === key);
  if (verdict === undefined) throw new Error(`the frame tells no ${key} verdict`);
  return verdict.why;
}

describe("the single tensor's why", () => {
  /** The padded frame whose tensor was tried with these chroma rows. */
  const tensorRows = (assumedChromaRow: number | null, actualChromaRow: number | null): FrameReport => {
    const report = paddedNv12Device();
    report.wrap.tensor = { ...report.wrap.tensor, reason: 'the addon said so', assumedChromaRow, actualChromaRow };
    return report;
  };

  it('names both chroma rows when the 1.5×H tensor reads chroma at the wrong one', () => {
    expect(whyOf(tensorRows(1080, 1088), 'tensor')).toBe(
      'a 1.5×H tensor reads chroma at row 1080; it starts at row 1088',
    );
  });

  it("gives the addon's reason when the rows agree or either was not measured", () => {
    expect(whyOf(tensorRows(1080, 1080), 'tensor')).toBe('the addon said so');
    expect(whyOf(tensorRows(null, 1088), 'tensor')).toBe('the addon said so');
    expect(whyOf(tensorRows(1080, null), 'tensor')).toBe('the addon said so');
  });
});

describe("a planted fault's note", () => {
  it('leads the pointer why of a report with a planted wrap, and of no other', () => {
    const planted = mismatchFrame();
    planted.wrap.planted = 'chroma-row';
    expect(whyOf(planted, 'pointers')).toBe(`PLANTED FAULT (chroma-row). ${whyOf(mismatchFrame(), 'pointers')}`);
    expect(whyOf(mismatchFrame(), 'pointers')).not.toMatch(/PLANTED/);
    // A report made before planted faults were recorded has no field at all: no note either.
    const older = mismatchFrame();
    delete older.wrap.planted;
    expect(whyOf(older, 'pointers')).toBe(whyOf(mismatchFrame(), 'pointers'));
  });
});

describe("a wrong format's why", () => {
  /** The padded frame with a wrong format and these format facts. */
  const wrongFormat = (facts: Partial<FrameReport['wrap']>): FrameReport => {
    const report = paddedNv12Device();
    report.wrap = {
      ...report.wrap,
      formatName: 'NVCV_IMAGE_FORMAT_NV24',
      formatCode: '0x2',
      formatMatch: false,
      ...facts,
    };
    return report;
  };

  it("names NVCV's format, else its code, else a question mark, against the code FFmpeg's frame implies", () => {
    expect(whyOf(wrongFormat({}), 'format')).toBe("NVCV exported NVCV_IMAGE_FORMAT_NV24; FFmpeg's frame implies 0x1");
    expect(whyOf(wrongFormat({ formatName: null }), 'format')).toBe("NVCV exported 0x2; FFmpeg's frame implies 0x1");
    expect(whyOf(wrongFormat({ formatName: null, formatCode: null, expectedFormatCode: null }), 'format')).toBe(
      "NVCV exported ?; FFmpeg's frame implies ?",
    );
  });
});

describe("a shifted decoder plane's why", () => {
  /** The padded frame with its chroma plane shifted off the decoder's. */
  const shiftedChroma = (chroma: Partial<DecoderSurface['planes'][number]>): FrameReport => {
    const report = paddedNv12Device();
    const planes = report.decoderSurface!.planes;
    planes[1] = { ...planes[1]!, verdict: 'shifted', ...chroma };
    return report;
  };

  it.each([
    [-2048, -1, "plane 1: FFmpeg's pointer is 2048 bytes (1 row) before where NVDEC wrote the plane"],
    [4096, 2, "plane 1: FFmpeg's pointer is 4096 bytes (2 rows) after where NVDEC wrote the plane"],
    [-4096, -2, "plane 1: FFmpeg's pointer is 4096 bytes (2 rows) before where NVDEC wrote the plane"],
    [100, null, "plane 1: FFmpeg's pointer is 100 bytes after where NVDEC wrote the plane"],
  ])('says %i bytes (%s rows) as its distance and side', (deltaBytes, deltaRows, words) => {
    expect(whyOf(shiftedChroma({ deltaBytes, deltaRows }), 'decoder')).toBe(words);
  });

  it('never says a plane FFmpeg copied from where NVDEC wrote it lies before it', () => {
    const copy = shiftedChroma({ ffmpegOffset: null, deltaBytes: 0, deltaRows: 0, copiedRows: 120, rowsNeeded: 121 });
    expect(whyOf(copy, 'decoder')).not.toMatch(/before/);
  });

  it("says a copy short of the plane's rows as the rows it holds, never as 0 bytes after", () => {
    const copy = shiftedChroma({ ffmpegOffset: null, deltaBytes: 0, deltaRows: 0, copiedRows: 120, rowsNeeded: 121 });
    expect(whyOf(copy, 'decoder')).toBe("plane 1: FFmpeg's copy holds 120 of the plane's 121 rows");
  });

  it("tells the decoder verdict in the decoder check's words, for every shifted plane", () => {
    const both = shiftedChroma({ deltaBytes: -2048, deltaRows: -1, copiedRows: 120, rowsNeeded: 121 });
    const check = frameChecks(both).find((c) => c.name === 'decoder');
    expect(whyOf(both, 'decoder')).toBe(check?.detail);
    expect(whyOf(both, 'decoder')).toBe(
      "plane 1: FFmpeg's pointer is 2048 bytes (1 row) before where NVDEC wrote the plane; plane 1: FFmpeg's copy holds 120 of the plane's 121 rows",
    );
  });
});

describe("the proof's why", () => {
  it('names the canary written through NVCV and read through FFmpeg when the proof held', () => {
    expect(whyOf(paddedNv12Device(), 'aliasing')).toBe('canary a5a5a5a5 written through NVCV, read through FFmpeg');
  });

  it("gives the addon's reason when the proof failed or did not run", () => {
    const failed = mismatchFrame();
    failed.aliasing = { ...failed.aliasing, reason: 'read back 00000000 through FFmpeg' };
    expect(whyOf(failed, 'aliasing')).toBe('read back 00000000 through FFmpeg');
    expect(whyOf(noNvcvFrame(), 'aliasing')).toBe('NVCV is not loaded');
  });
});
