/** The format check's words: the format NVCV exported, by name where it has one, against FFmpeg's frame's. */
import { describe, expect, it } from 'vitest';
import { frameChecks, type CheckResult } from '../../contract/checks';
import type { FrameReport } from '../../contract/report';
import { paddedNv12Device } from '../support/reports';

/** The format check of a report. */
function formatCheck(report: FrameReport): CheckResult | undefined {
  return frameChecks(report).find((c) => c.name === 'format');
}

/** The padded frame with its wrap's format facts replaced. */
function withFormat(facts: Partial<FrameReport['wrap']>): FrameReport {
  const report = paddedNv12Device();
  report.wrap = { ...report.wrap, ...facts };
  return report;
}

describe('the format check', () => {
  it("passes naming NVCV's format, or its code when NVCV gave no name", () => {
    expect(formatCheck(paddedNv12Device())).toEqual({
      name: 'format',
      ok: true,
      detail: 'NVCV exported NVCV_IMAGE_FORMAT_NV12',
    });
    expect(formatCheck(withFormat({ formatName: null }))).toEqual({
      name: 'format',
      ok: true,
      detail: 'NVCV exported 0x1',
    });
  });

  it("fails naming NVCV's format and code against the code FFmpeg's frame implies", () => {
    const wrong = withFormat({ formatName: 'NVCV_IMAGE_FORMAT_NV24', formatCode: '0x2', formatMatch: false });
    expect(formatCheck(wrong)).toEqual({
      name: 'format',
      ok: false,
      detail: "NVCV exported NVCV_IMAGE_FORMAT_NV24 (0x2); FFmpeg's frame is 0x1",
    });
  });

  it('fails with a question mark for each fact the report lacks, never dropping the failure', () => {
    const bare = withFormat({ formatName: null, formatCode: null, expectedFormatCode: null, formatMatch: false });
    expect(formatCheck(bare)).toEqual({
      name: 'format',
      ok: false,
      detail: "NVCV exported ? (?); FFmpeg's frame is ?",
    });
  });
});
