/**
 * Frame reports with one fact wrong, as the addon's planted faults (ZCI_PLANT_WRAP) record them: the padded NV12
 * frame of reports.ts with NVCV's row stride or pointer moved, and a proof whose restore failed.
 */
import type { FrameReport } from '../../contract/report';
import { paddedNv12Device } from './reports';

const hex = (value: bigint): string => `0x${value.toString(16)}`;

/**
 * NVCV's luma row stride 64 bytes past FFmpeg's pitch, both pointers equal (the planted "pitch" fault). A capture
 * made before the stride was judged apart recorded `match: false` for it (`oldMatch`); newer ones record true.
 */
export function strideFaultFrame(oldMatch = true): FrameReport {
  const report = paddedNv12Device();
  const luma = report.planes[0];
  if (luma === undefined) throw new Error('fixture lacks a luma plane');
  luma.nvcvRowStride = luma.pitch + 64;
  luma.match = !oldMatch;
  return report;
}

/** NVCV's chroma pointer `rows` rows of its pitch before FFmpeg's (8 rows: where a 1.5×H view puts it). */
export function chromaRowsEarlyFrame(rows = 8): FrameReport {
  const report = paddedNv12Device();
  const chroma = report.planes[1];
  if (chroma === undefined) throw new Error('fixture lacks a chroma plane');
  chroma.nvcvPointer = hex(BigInt(chroma.ffmpegPointer) - BigInt(rows * chroma.pitch));
  chroma.match = false;
  return report;
}

/** The proof read its canary back through FFmpeg, but the bytes under it were not written back. */
export function unrestoredFrame(): FrameReport {
  const report = paddedNv12Device();
  report.aliasing = { ...report.aliasing, passed: true, restored: false };
  return report;
}

/** FFmpeg's chroma pointer one row (2048 bytes) before where NVDEC wrote the plane: the odd-height fault the
 * decoder's witness finds. */
export function chromaOneRowBeforeDecoderFrame(): FrameReport {
  const report = paddedNv12Device();
  const surface = report.decoderSurface;
  const chroma = surface?.planes[1];
  if (surface === undefined || chroma === undefined) throw new Error('fixture lacks a decoder surface');
  surface.planes[1] = { ...chroma, ffmpegOffset: 2048 * 1087, deltaBytes: -2048, deltaRows: -1, verdict: 'shifted' };
  return report;
}
