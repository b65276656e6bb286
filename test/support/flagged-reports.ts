/**
 * Frame reports the decoder's witness flags, as the H200 measured them: frame 0 of vp9-odd-641x361.webm on FFmpeg 5.1
 * (NVDEC's mapped surface handed out) and on FFmpeg 7.1 (FFmpeg's copy of it). No recorded run kept a whole report of
 * this clip, so each is the run's NVDEC report of the other odd-height NV12 clip (h264-odd-642x362.mp4, same pitch)
 * with this clip's geometry and every number the same run measured for it: the surface layout (surface-layout.json:
 * pitch, where NVDEC and FFmpeg put the chroma) and FFmpeg 7.1's copy (surface-layout-ffmpeg61.json: the copy's pitch,
 * the rows it copied and the rows the plane needs). The GPU test holds the live report to the same numbers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frameReportSchema, type FrameReport } from '../../contract/report';

/** The recorded run these numbers come from. */
export const FLAGGED_RUN = '2026-12-05-fd70bdb';
/** The clip the witness flags. */
export const FLAGGED_FILE = 'vp9-odd-641x361.webm';

const RUN = path.join(__dirname, '..', '..', 'docs', 'gpu-runs', FLAGGED_RUN);

interface LayoutEntry {
  file: string;
  width: number;
  height: number;
  pitch: number;
  decoderChromaRow: number;
  ffmpegChromaRow: number;
  ffmpegMinusDecoderRows: number;
  ffmpegMinusDecoderBytes: number;
  rule: string;
  targetHeight: number;
  copy?: { pointer: string; pitch: number; frameHeight: number; copiedRows: number[]; rowsNeeded: number[] };
}

function layoutOf(name: string): LayoutEntry {
  const entries = JSON.parse(readFileSync(path.join(RUN, name), 'utf8')) as LayoutEntry[];
  const entry = entries.find((e) => e.file === FLAGGED_FILE);
  if (entry === undefined) throw new Error(`${name} of ${FLAGGED_RUN} has no ${FLAGGED_FILE}`);
  return entry;
}

function baseReport(): FrameReport {
  const recorded = JSON.parse(readFileSync(path.join(RUN, 'reports.json'), 'utf8')) as {
    fixtures: { file: string; reports: unknown[] }[];
  };
  const base = recorded.fixtures.find((f) => f.file === 'h264-odd-642x362.mp4')?.reports[0];
  if (base === undefined) throw new Error(`${FLAGGED_RUN} has no h264-odd-642x362.mp4 report`);
  return frameReportSchema.parse(base);
}

const hex = (n: bigint): string => `0x${n.toString(16)}`;

/**
 * Frame 0 of vp9-odd-641x361.webm as NVDEC decoded it: 'mapped-surface' where FFmpeg hands out the decoder's surface
 * (5.1, or 6.0 and later with unsafe output), 'ffmpeg-copy' where it hands out its copy (7.1's default).
 */
export function vp9OddFlaggedFrame(output: 'mapped-surface' | 'ffmpeg-copy'): FrameReport {
  const layout = layoutOf('surface-layout.json');
  const copy = layoutOf('surface-layout-ffmpeg61.json').copy;
  if (copy === undefined) throw new Error(`${FLAGGED_RUN}: no FFmpeg 7.1 copy of ${FLAGGED_FILE}`);
  const report = baseReport();
  const { width, height } = layout;
  const chromaWidth = Math.ceil(width / 2);
  const chromaHeight = Math.ceil(height / 2);
  const surfacePitch = layout.pitch;
  const decoderOffset = surfacePitch * layout.decoderChromaRow;
  const ffmpegSurfaceOffset = surfacePitch * layout.ffmpegChromaRow;
  const mapped = output === 'mapped-surface';
  const pitch = mapped ? surfacePitch : copy.pitch;
  const surface = BigInt(report.decoderSurface?.pointer ?? '0x205478000');
  const plane0 = mapped ? surface : BigInt(copy.pointer);
  // FFmpeg's copy keeps its planes where its own frame pool put them: chroma after the pool frame's rows.
  const chromaOffset = mapped ? ffmpegSurfaceOffset : pitch * copy.frameHeight;
  const [luma, chroma] = report.planes;
  if (luma === undefined || chroma === undefined) throw new Error('the base report lacks its planes');
  report.frameIndex = 0;
  report.format = { ...report.format, width, height, codedWidth: width, codedHeight: height };
  report.planes = [
    {
      ...luma,
      width,
      height,
      visibleBytesPerRow: width,
      pitch,
      rightPadding: pitch - width,
      ffmpegPointer: hex(plane0),
      nvcvPointer: hex(plane0),
      nvcvRowStride: pitch,
      rowsBeforeNextPlane: chromaOffset / pitch,
      hiddenRowsAfter: chromaOffset / pitch - height,
      codedWidth: width,
      codedHeight: height,
      codedRowsNotDisplayed: 0,
      allocatorPaddingRows: chromaOffset / pitch - height,
      codedColumnsNotDisplayed: 0,
    },
    {
      ...chroma,
      width: chromaWidth,
      height: chromaHeight,
      visibleBytesPerRow: chromaWidth * 2,
      pitch,
      rightPadding: pitch - chromaWidth * 2,
      ffmpegPointer: hex(plane0 + BigInt(chromaOffset)),
      nvcvPointer: hex(plane0 + BigInt(chromaOffset)),
      nvcvRowStride: pitch,
      offsetFromPlane0: chromaOffset,
      offsetInAllocation: chromaOffset,
      hiddenRowsAfter: 0,
      codedWidth: chromaWidth,
      codedHeight: chromaHeight,
      codedRowsNotDisplayed: 0,
      allocatorPaddingRows: 0,
      codedColumnsNotDisplayed: 0,
    },
  ];
  report.allocation = { ...report.allocation, rangeStart: hex(plane0) };
  report.wrap = {
    ...report.wrap,
    tensor: {
      ...report.wrap.tensor,
      valid: false,
      reason: `a 4:2:0 picture ${height} rows high has no whole-row single-tensor view at the display height`,
    },
  };
  const shifted = {
    index: 1,
    decoderOffset,
    deltaBytes: layout.ffmpegMinusDecoderBytes,
    deltaRows: layout.ffmpegMinusDecoderRows,
    verdict: 'shifted' as const,
  };
  report.decoderSurface = {
    witnessed: true,
    ffmpegCopy: !mapped,
    reason: mapped
      ? "FFmpeg's plane pointer is not where the decoder wrote the plane"
      : "FFmpeg's plane pointer is not where the decoder wrote the plane: FFmpeg copied it from elsewhere in the mapped surface; its copy also leaves out the last row of a plane",
    rule: layout.rule,
    pointer: hex(surface),
    pitch: surfacePitch,
    picIdx: 0,
    targetWidth: width,
    targetHeight: layout.targetHeight,
    planes: mapped
      ? [
          { index: 0, decoderOffset: 0, ffmpegOffset: 0, deltaBytes: 0, deltaRows: 0, verdict: 'decoder-plane' },
          { ...shifted, ffmpegOffset: ffmpegSurfaceOffset, copiedFromOffset: null, copiedRows: null, rowsNeeded: null },
        ]
      : [
          {
            index: 0,
            decoderOffset: 0,
            ffmpegOffset: null,
            deltaBytes: 0,
            deltaRows: 0,
            copiedFromOffset: 0,
            copiedRows: copy.copiedRows[0] ?? null,
            rowsNeeded: copy.rowsNeeded[0] ?? null,
            verdict: 'ffmpeg-copy',
          },
          {
            ...shifted,
            ffmpegOffset: null,
            copiedFromOffset: ffmpegSurfaceOffset,
            copiedRows: copy.copiedRows[1] ?? null,
            rowsNeeded: copy.rowsNeeded[1] ?? null,
          },
        ],
  };
  return frameReportSchema.parse(report);
}
