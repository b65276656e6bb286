/**
 * What a capture keeps of a frame's memory against what the boundary view asks of it: every row the view lists
 * around a plane's end (the last displayed rows, each hidden region whole or its first and last 16) lies in a
 * boundary or first-rows sample, region by region, also where a region runs past 32 rows.
 */
import { describe, expect, it } from 'vitest';
import { planSamples } from '../../electron/capture/memory-samples';
import type { FrameReport } from '../../contract/report';
import { planeBoundaries } from '../../renderer/src/model/boundary-rows';
import { allPlaneFacts } from '../../renderer/src/model/plane-facts';
import { hostYuv420p1080, recordedGpuReport } from '../support/memory-reports';
import { paddedNv12Device } from '../support/reports';

/** The rows of each plane the boundary view lists that no sample of the plan holds, as "plane:row:region". */
function uncovered(report: FrameReport): string[] {
  const plan = planSamples(report);
  const held = (plane: number, row: number) =>
    plan.some(
      (s) =>
        s.kind !== 'probe' &&
        s.range.plane === plane &&
        s.range.byteCount === undefined &&
        row >= s.range.row &&
        row < s.range.row + s.range.rows,
    );
  return planeBoundaries(allPlaneFacts(report), report.allocation.planesInOneAllocation).flatMap((b) =>
    b.lines.flatMap((line) =>
      line.kind === 'row' && !held(line.plane, line.row) ? [`${line.plane}:${line.row}:${line.region}`] : [],
    ),
  );
}

/** NVDEC's 1080p frame with its regions made long: 40 coded rows not displayed and 40 of the allocator's. */
function longRegions(): FrameReport {
  const report = structuredClone(paddedNv12Device());
  const [y, uv] = report.planes;
  if (y === undefined || uv === undefined) throw new Error('two planes');
  y.codedRowsNotDisplayed = 40;
  y.allocatorPaddingRows = 40;
  y.hiddenRowsAfter = 80;
  y.rowsBeforeNextPlane = 1160;
  const offset = 1160 * y.pitch;
  uv.offsetFromPlane0 = offset;
  uv.offsetInAllocation = offset;
  return report;
}

describe('memory samples cover the boundary view', () => {
  it.each([
    ['NVDEC 1080p NV12 (8 coded rows)', paddedNv12Device()],
    ['software yuv420p 1080p (one buffer a plane)', hostYuv420p1080()],
    ['recorded H200 report of the padded clip', recordedGpuReport('h264-1080p-420.mp4')],
    ['recorded H200 report of the odd-height clip', recordedGpuReport('h264-odd-642x362.mp4')],
  ])('%s: every listed row is captured', (_, report) => {
    expect(uncovered(report)).toEqual([]);
  });

  it('keeps each region’s first and last 16 rows where it runs past 32, not the first and last 16 of them all', () => {
    const report = longRegions();
    expect(uncovered(report)).toEqual([]);
    const boundary = planSamples(report)
      .filter((s) => s.kind === 'boundary' && s.range.plane === 0)
      .map((s) => [s.range.row, s.range.rows]);
    // Rows 1078-1079 shown, 1080-1095 and 1104-1119 (coded), then 1120-1135 and 1144-1159 (the allocator's): the
    // pieces that touch are read together.
    expect(boundary).toEqual([
      [1078, 18],
      [1104, 32],
      [1144, 16],
    ]);
  });
});
