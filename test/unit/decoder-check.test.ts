/**
 * The decoder check (the decoder's witness): FFmpeg's plane pointers against where NVDEC wrote the planes. Red when a
 * plane is shifted or FFmpeg's copy holds too few rows, saying by how much and on which side; green only when every
 * plane was measured against the witnessed surface; neutral otherwise, saying why.
 */
import { describe, expect, it } from 'vitest';
import { checksPass, frameChecks, type CheckResult } from '../../contract/checks';
import { frameReportSchema, type DecoderSurface, type FrameReport } from '../../contract/report';
import { chromaOneRowBeforeDecoderFrame } from '../support/fault-reports';
import { paddedNv12Device } from '../support/reports';

type DecoderPlane = DecoderSurface['planes'][number];

/** The decoder check of a report; fails the test when the report has none. */
function decoderCheck(report: FrameReport): CheckResult {
  const check = frameChecks(report).find((c) => c.name === 'decoder');
  if (check === undefined) throw new Error('the report has no decoder check');
  return check;
}

/** The padded frame's decoder surface, its chroma plane replaced by what `chroma` changes. */
function withChroma(chroma: Partial<DecoderPlane>, surface: Partial<DecoderSurface> = {}): FrameReport {
  const report = paddedNv12Device();
  const witness = report.decoderSurface;
  const plane = witness?.planes[1];
  if (witness === undefined || plane === undefined) throw new Error('fixture lacks a decoder surface');
  report.decoderSurface = { ...witness, ...surface, planes: [witness.planes[0]!, { ...plane, ...chroma }] };
  return report;
}

/** FFmpeg's copy of the surface (FFmpeg 6.0 and later): chroma copied from `deltaBytes` off the decoder's plane. */
function copiedChroma(deltaBytes: number, copiedRows: number | null, rowsNeeded: number | null): FrameReport {
  const chromaOffset = 2048 * 1088;
  return withChroma(
    {
      ffmpegOffset: null,
      copiedFromOffset: chromaOffset + deltaBytes,
      deltaBytes,
      deltaRows: deltaBytes / 2048,
      copiedRows,
      rowsNeeded,
      verdict: 'shifted',
    },
    { ffmpegCopy: true },
  );
}

describe('the decoder check, red', () => {
  it.each([
    [-2048, -1, "plane 1: FFmpeg's pointer is 2048 bytes (1 row) before where NVDEC wrote the plane"],
    [-4096, -2, "plane 1: FFmpeg's pointer is 4096 bytes (2 rows) before where NVDEC wrote the plane"],
    [2048, 1, "plane 1: FFmpeg's pointer is 2048 bytes (1 row) after where NVDEC wrote the plane"],
    [4096, 2, "plane 1: FFmpeg's pointer is 4096 bytes (2 rows) after where NVDEC wrote the plane"],
    // Not a whole row of the pitch: the bytes alone, no row count.
    [100, null, "plane 1: FFmpeg's pointer is 100 bytes after where NVDEC wrote the plane"],
    [-100, null, "plane 1: FFmpeg's pointer is 100 bytes before where NVDEC wrote the plane"],
  ])('a chroma pointer %i bytes off the decoder plane (%s rows) is red and says so', (deltaBytes, deltaRows, words) => {
    const report = withChroma({ ffmpegOffset: 2048 * 1088 + deltaBytes, deltaBytes, deltaRows, verdict: 'shifted' });
    expect(decoderCheck(report)).toEqual({ name: 'decoder', ok: false, detail: words });
    expect(checksPass(frameChecks(report))).toBe(false);
  });

  it('names every shifted plane, each on its own side', () => {
    const report = chromaOneRowBeforeDecoderFrame();
    const surface = report.decoderSurface!;
    surface.planes[0] = {
      ...surface.planes[0]!,
      ffmpegOffset: 4096,
      deltaBytes: 4096,
      deltaRows: 2,
      verdict: 'shifted',
    };
    expect(decoderCheck(report).detail).toBe(
      "plane 0: FFmpeg's pointer is 4096 bytes (2 rows) after where NVDEC wrote the plane; " +
        "plane 1: FFmpeg's pointer is 2048 bytes (1 row) before where NVDEC wrote the plane",
    );
  });

  it("FFmpeg's copy that holds fewer rows than the plane has is red and says how many rows", () => {
    // FFmpeg 7.1 on an odd-height clip: the copy stops one row short of the plane's 121 rows.
    const report = copiedChroma(0, 120, 121);
    expect(decoderCheck(report)).toEqual({
      name: 'decoder',
      ok: false,
      detail: "plane 1: FFmpeg's copy holds 120 of the plane's 121 rows",
    });
    expect(checksPass(frameChecks(report))).toBe(false);
  });

  it('a copy taken from the wrong place names the distance, and the rows only when some are missing', () => {
    const shifted = 'plane 1: FFmpeg copied it from 2048 bytes (1 row) before where NVDEC wrote the plane';
    expect(decoderCheck(copiedChroma(-2048, 121, 121)).detail).toBe(shifted);
    expect(decoderCheck(copiedChroma(-2048, 120, 121)).detail).toBe(
      `${shifted}; plane 1: FFmpeg's copy holds 120 of the plane's 121 rows`,
    );
    // One row more than needed is no shortfall either.
    expect(decoderCheck(copiedChroma(-2048, 122, 121)).detail).toBe(shifted);
  });

  it('claims no row shortfall where either row count was not recorded', () => {
    const shifted = 'plane 1: FFmpeg copied it from 2048 bytes (1 row) before where NVDEC wrote the plane';
    expect(decoderCheck(copiedChroma(-2048, null, 121))).toEqual({ name: 'decoder', ok: false, detail: shifted });
    expect(decoderCheck(copiedChroma(-2048, 120, null))).toEqual({ name: 'decoder', ok: false, detail: shifted });
    expect(decoderCheck(copiedChroma(-2048, null, null))).toEqual({ name: 'decoder', ok: false, detail: shifted });
  });
});

describe('the decoder check, green', () => {
  it("passes when FFmpeg's pointers are the decoder's planes, giving the witness's reason", () => {
    const report = paddedNv12Device();
    expect(decoderCheck(report)).toEqual({ name: 'decoder', ok: true, detail: report.decoderSurface!.reason });
    expect(checksPass(frameChecks(report), true)).toBe(true);
  });

  it("passes when every plane is FFmpeg's faithful copy of the decoder's plane (FFmpeg 6.0 and later)", () => {
    const report = paddedNv12Device();
    const surface = report.decoderSurface!;
    surface.ffmpegCopy = true;
    surface.planes = surface.planes.map((p) => ({
      ...p,
      ffmpegOffset: null,
      copiedFromOffset: p.decoderOffset,
      copiedRows: p.index === 0 ? 1080 : 540,
      rowsNeeded: p.index === 0 ? 1080 : 540,
      verdict: 'ffmpeg-copy' as const,
    }));
    expect(decoderCheck(report)).toMatchObject({ ok: true });
    // One plane the decoder's own, the other FFmpeg's copy: both measured, still green.
    surface.planes[0] = { ...surface.planes[0]!, verdict: 'decoder-plane' };
    expect(decoderCheck(report)).toMatchObject({ ok: true });
  });
});

describe('the decoder check, neutral', () => {
  it('stays neutral for a report made before the decoder was asked', () => {
    const report = paddedNv12Device();
    delete report.decoderSurface;
    expect(decoderCheck(report)).toEqual({
      name: 'decoder',
      ok: null,
      detail: 'a report made before the decoder was asked',
    });
    // Neutral, not red: it passes unless every check must run.
    expect(checksPass(frameChecks(report))).toBe(true);
    expect(checksPass(frameChecks(report), true)).toBe(false);
  });

  it('is never green with one plane measured and one not, and says why', () => {
    const reason = 'the chroma layout of 4:2:2 surfaces was not measured';
    const report = withChroma(
      { decoderOffset: null, deltaBytes: null, deltaRows: null, verdict: 'not-measured' },
      { reason },
    );
    expect(decoderCheck(report)).toEqual({
      name: 'decoder',
      ok: null,
      detail: `not checked against the decoder: ${reason}`,
    });
    expect(checksPass(frameChecks(report), true)).toBe(false);
  });

  it('is never green when the surface was not witnessed, even with every plane placed', () => {
    const reason = 'the NVDEC pool library recorded no mapped surface for this frame';
    const report = withChroma({}, { witnessed: false, reason });
    expect(report.decoderSurface!.planes.every((p) => p.verdict === 'decoder-plane')).toBe(true);
    expect(decoderCheck(report)).toEqual({
      name: 'decoder',
      ok: null,
      detail: `not checked against the decoder: ${reason}`,
    });
  });

  it('is never green with no plane to compare', () => {
    const report = paddedNv12Device();
    report.decoderSurface = { ...report.decoderSurface!, planes: [], reason: 'no plane was compared' };
    expect(decoderCheck(report)).toMatchObject({
      ok: null,
      detail: 'not checked against the decoder: no plane was compared',
    });
  });
});

describe('the decoder check, by decode path', () => {
  it("checks a cuvid decoder's copy as it checks FFmpeg's hwaccel copy: green when faithful, red when shifted", () => {
    const faithful = copiedChroma(0, 544, 544);
    faithful.decoderSurface!.planes[1]!.verdict = 'ffmpeg-copy';
    faithful.decodePath = 'cuvid';
    expect(decoderCheck(faithful)).toEqual({ name: 'decoder', ok: true, detail: faithful.decoderSurface!.reason });
    const shifted = copiedChroma(-2048, 543, 544);
    shifted.decodePath = 'cuvid';
    expect(decoderCheck(shifted)).toEqual({
      name: 'decoder',
      ok: false,
      detail:
        "plane 1: FFmpeg copied it from 2048 bytes (1 row) before where NVDEC wrote the plane; plane 1: FFmpeg's copy holds 543 of the plane's 544 rows",
    });
  });

  it.each(['software', 'software-upload'] as const)('leaves the check out of a frame decoded in %s', (path) => {
    const report = copiedChroma(-2048, 543, 544);
    report.decodePath = path;
    expect(frameChecks(report).map((c) => c.name)).not.toContain('decoder');
  });
});

describe("the decoder witness's row counts in the report's schema", () => {
  it('are counts: a negative number of copied or needed rows is refused, zero and null are kept', () => {
    expect(frameReportSchema.safeParse(copiedChroma(0, -1, 121)).success).toBe(false);
    expect(frameReportSchema.safeParse(copiedChroma(0, 120, -121)).success).toBe(false);
    expect(frameReportSchema.safeParse(copiedChroma(0, 0, 121)).success).toBe(true);
    expect(frameReportSchema.safeParse(copiedChroma(0, null, null)).success).toBe(true);
  });
});
