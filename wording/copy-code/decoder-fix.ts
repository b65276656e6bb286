/**
 * What the decoder's witness flagged in an NVDEC frame's planes, read from the report's decoderSurface: the planes
 * FFmpeg's pointer (or its copy's source) puts away from where NVDEC wrote them, by how much, and whether a wrap of the
 * frame can be corrected.
 */
import type { FrameReport } from '../../contract/report';
import type { PlaneFacts } from './facts';
import { knownCount } from './literal';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const countOrNull = (n: number | null | undefined): number | null =>
  n === null || n === undefined ? null : knownCount(n);

/**
 * A plane the decoder's witness flagged ('shifted'): FFmpeg's pointer (or, for FFmpeg's copy, where it copied the
 * plane from) is not where NVDEC wrote the plane in its mapped surface.
 */
export interface ShiftedPlane {
  index: number;
  name: string;
  /** Bytes from FFmpeg's pointer to where NVDEC wrote the plane (the report's deltaBytes, negated). */
  bytes: number;
  /** The same in rows of the surface's pitch (deltaRows, negated); null when the distance is not whole rows. */
  rows: number | null;
  /** For FFmpeg's copy: the rows it copied and the rows the plane has (null when not recorded). */
  copiedRows: number | null;
  rowsNeeded: number | null;
}

/**
 * What the decoder's witness found wrong with FFmpeg's planes, and what copy as code can do about it: 'shift' (FFmpeg
 * handed out NVDEC's mapped surface: each flagged plane is read at FFmpeg's pointer plus the measured distance),
 * 'copy' (the frame is FFmpeg's copy, made from the wrong rows: no pointer into it is right) or 'unmeasured' (flagged,
 * but the distance or the planes' places were not recorded: no code).
 */
export type DecoderFix =
  | { kind: 'shift'; planes: ShiftedPlane[]; surfacePitch: number | null }
  | { kind: 'copy'; planes: ShiftedPlane[]; surfacePitch: number | null }
  | { kind: 'unmeasured'; planes: ShiftedPlane[]; surfacePitch: number | null };

/** What the decoder's witness flagged in this NVDEC frame, or null where it flagged nothing. */
export function decoderFixOf(report: FrameReport, planes: PlaneFacts[]): DecoderFix | null {
  const surface = report.decoderSurface;
  if (report.decodePath !== 'nvdec' || surface === undefined) return null;
  const flagged = surface.planes.filter((p) => p.verdict === 'shifted');
  if (flagged.length === 0) return null;
  const surfacePitch = surface.pitch === null ? null : knownCount(surface.pitch);
  const shifted = flagged.map((p): ShiftedPlane & { measured: boolean } => {
    const index = knownCount(p.index);
    const bytes = p.deltaBytes === null ? 0 : -knownCount(p.deltaBytes);
    const rows = p.deltaRows === null ? null : -knownCount(p.deltaRows);
    const plane = planes[index];
    return {
      index,
      name: plane?.name ?? `plane${index}`,
      bytes,
      rows,
      copiedRows: countOrNull(p.copiedRows),
      rowsNeeded: countOrNull(p.rowsNeeded),
      // The correction is FFmpeg's pointer plus whole rows of the plane's own pitch, from plane 0 of one allocation.
      measured:
        plane !== undefined &&
        p.deltaBytes !== null &&
        bytes !== 0 &&
        rows !== null &&
        rows * plane.pitch === bytes &&
        plane.offsetFromPlane0 !== null,
    };
  });
  const fixPlanes = shifted.map(({ measured: _measured, ...plane }) => plane);
  if (surface.ffmpegCopy === true) return { kind: 'copy', planes: fixPlanes, surfacePitch };
  // The corrected code checks the frame is a CUDA frame of the inspected software format: NVDEC's frames are.
  const measured =
    shifted.every((p) => p.measured) && planes[0]?.offsetFromPlane0 === 0 && report.format.hwFormat === 'cuda';
  return { kind: measured ? 'shift' : 'unmeasured', planes: fixPlanes, surfacePitch };
}

const rowsOrBytes = (p: ShiftedPlane): string =>
  p.rows === null ? plural(Math.abs(p.bytes), 'byte') : plural(Math.abs(p.rows), 'row');

/** Where NVDEC wrote each flagged plane against FFmpeg's pointer, in a few words. */
export function shiftWords(p: ShiftedPlane, copy: boolean): string {
  const side = p.bytes >= 0 ? 'after' : 'before';
  const from = copy ? 'where FFmpeg copied it from' : "FFmpeg's pointer";
  return `NVDEC wrote ${p.name} ${rowsOrBytes(p)} (${Math.abs(p.bytes)} bytes) ${side} ${from}`;
}

/** The decoder fact line: what the witness flagged, and what the code does about it. */
export function decoderWords(fix: DecoderFix): string {
  const shifts = fix.planes.map((p) => shiftWords(p, fix.kind === 'copy')).join('; ');
  switch (fix.kind) {
    case 'shift':
      return `flagged: ${shifts}; the code wraps it there`;
    case 'copy':
      return `flagged: ${shifts}; FFmpeg's copy of it is wrong, no wrap`;
    case 'unmeasured':
      return `flagged: ${shifts}; the distance is not measured in whole rows, no wrap`;
  }
}
