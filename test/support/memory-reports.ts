/** Frame reports for the memory views' tests: recorded ones from the GPU run, and a host frame as software decodes it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frameReportSchema, type FrameReport } from '../../contract/report';
import { ROOT } from './paths';
import { describedHostFrame } from './reports';

/** The recorded GPU run's report of a fixture's first frame (docs/gpu-runs, made on an NVIDIA H200). */
export function recordedGpuReport(file: string, run = '2026-11-30-bf9e155'): FrameReport {
  const recorded = JSON.parse(readFileSync(path.join(ROOT, 'docs', 'gpu-runs', run, 'reports.json'), 'utf8')) as {
    fixtures: { file: string; reports: unknown[] }[];
  };
  const fixture = recorded.fixtures.find((f) => f.file === file);
  if (fixture === undefined || fixture.reports[0] === undefined) throw new Error(`no recorded report of ${file}`);
  return frameReportSchema.parse(fixture.reports[0]);
}

/**
 * The padded 1080p clip as FFmpeg's software decoder hands it out: three planes, each in a buffer of its own
 * (pitch 1920 and 960), 1088 coded rows and 2 more of the pool's (1 for chroma), 79 bytes after luma's last row.
 */
export function hostYuv420p1080(): FrameReport {
  const report = describedHostFrame();
  const base = 0x7f00_2000_0040n;
  const hex = (value: bigint): string => `0x${value.toString(16)}`;
  report.format = {
    ...report.format,
    swFormat: 'yuv420p',
    hwFormat: null,
    colorMatrix: 'unknown',
    colorRange: 'unknown',
  };
  const plane = (index: number, name: string, address: bigint, width: number, height: number, hidden: number) => ({
    index,
    name,
    width,
    height,
    bytesPerPixel: 1,
    visibleBytesPerRow: width,
    pitch: width,
    rightPadding: 0,
    ffmpegPointer: hex(address),
    offsetFromPlane0: Number(address - base),
    offsetInAllocation: index === 0 ? 0 : null,
    rowsBeforeNextPlane: null,
    hiddenRowsAfter: hidden,
    nvcvPointer: hex(address),
    nvcvRowStride: width,
    match: true,
  });
  report.planes = [
    plane(0, 'Y', base, 1920, 1080, 10),
    plane(1, 'U', base - 0x1000_0000n, 960, 540, 5),
    plane(2, 'V', base - 0x0ff8_0000n, 960, 540, 5),
  ];
  report.allocation = {
    ...report.allocation,
    rangeStart: hex(base),
    rangeSize: 1920 * 1090 + 79,
    planesInOneAllocation: false,
  };
  report.wrap = {
    ...report.wrap,
    tensor: { ...report.wrap.tensor, attempted: false, assumedChromaRow: null, actualChromaRow: null },
  };
  return report;
}
