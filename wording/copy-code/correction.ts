/**
 * What every language's corrected wrap states for a frame the decoder's witness flagged while FFmpeg handed out
 * NVDEC's mapped surface: the geometry the code was made for (size, formats, pitches, FFmpeg's plane offsets) and, a
 * plane, the rows from FFmpeg's pointer to where NVDEC wrote it, with where those numbers came from.
 */
import { shiftWords, type ShiftedPlane } from './decoder-fix';
import { type CodeFacts } from './facts';

/** The inspected frame's geometry and the measured correction, for a frame whose correction was measured. */
export interface Geometry {
  frameIndex: number;
  swFormat: string;
  hwFormat: string;
  width: number;
  height: number;
  /** FFmpeg's linesize[i], bytes. */
  pitches: number[];
  /** FFmpeg's data[i] - data[0], bytes: where the distances were measured from. */
  offsets: number[];
  /** Rows of plane i's pitch from FFmpeg's data[i] to where NVDEC wrote the plane (0 for a plane in its place). */
  rows: number[];
  shifts: ShiftedPlane[];
}

/** The geometry of a flagged frame FFmpeg handed out as NVDEC's surface; null for every other frame. */
export function geometryOf(facts: CodeFacts): Geometry | null {
  const fix = facts.decoderFix;
  if (fix?.kind !== 'shift' || facts.hwFormat === null) return null;
  return {
    frameIndex: facts.frameIndex,
    swFormat: facts.swFormat,
    hwFormat: facts.hwFormat,
    width: facts.width,
    height: facts.height,
    pitches: facts.planes.map((p) => p.pitch),
    offsets: facts.planes.map((p) => p.offsetFromPlane0 ?? 0),
    rows: facts.planes.map((p) => fix.planes.find((s) => s.index === p.index)?.rows ?? 0),
    shifts: fix.planes,
  };
}

/** The comment above the constants, as lines without comment markers. */
export function correctionComment(g: Geometry): string[] {
  const odd =
    g.height % 2 === 1
      ? [
          `(the odd-height defect: FFmpeg places a chroma plane at pitch x ${g.height} rows, where NVDEC writes it`,
          `at pitch x the height rounded up to even, ${g.height + 1}).`,
        ]
      : [];
  return [
    `The decoder's witness flagged frame ${g.frameIndex}: ${g.shifts.map((s) => shiftWords(s, false)).join('; ')}`,
    ...odd,
    "Measured by the inspector's decoder witness (the report's decoderSurface: " +
      `${g.shifts.map((s) => `plane ${s.index} deltaRows ${-(s.rows ?? 0)}, deltaBytes ${-s.bytes}`).join('; ')}),`,
    'so this code wraps each plane where NVDEC wrote it, and refuses a frame of any other geometry.',
  ];
}

/** The words every snippet of a flagged frame is shown with: what the witness found and what the code does about
 * it, or, where no wrap can be right, why none is printed and the ways to a frame that can be wrapped. */
export function decoderNote(facts: CodeFacts): string | null {
  const fix = facts.decoderFix;
  if (fix === null) return null;
  const copy = fix.kind === 'copy';
  const found = fix.planes.map((p) => shiftWords(p, copy)).join('; ');
  switch (fix.kind) {
    case 'shift':
      return (
        `The decoder's witness flags this frame: ${found}. This code wraps ${fix.planes.map((p) => p.name).join(' and ')} ` +
        "there (FFmpeg's pointer plus the measured rows of its pitch) and refuses a frame of any other size, pixel " +
        'format, pitch or plane placement.'
      );
    case 'copy': {
      const short = fix.planes
        .filter((p) => p.copiedRows !== null && p.rowsNeeded !== null && p.copiedRows < p.rowsNeeded)
        .map((p) => `its ${p.name} holds ${p.copiedRows ?? 0} of the plane's ${p.rowsNeeded ?? 0} rows`);
      return (
        `No code: the decoder's witness flags this frame, and it is FFmpeg's copy: ${found}` +
        `${short.length > 0 ? `, and ${short.join(', ')}` : ''}. No pointer into this copy gives the right picture, ` +
        'so no code is printed that would claim one. For a frame that can be wrapped: decode with ' +
        "AV_HWACCEL_FLAG_UNSAFE_OUTPUT (the inspector's unsafe-output setting, --unsafe-output), so that FFmpeg hands " +
        "out NVDEC's surface, and copy the corrected wrap of that frame; or decode with an FFmpeg 7.1 or 9.0 built " +
        'with the fix in docs/upstream/ (the patched variants).'
      );
    }
    case 'unmeasured':
      return (
        `No code: the decoder's witness flags this frame (${found}), but the distance is not whole rows of the ` +
        "plane's pitch within one allocation, so no corrected wrap can be stated, and no code is printed that would " +
        'claim one.'
      );
  }
}
