/**
 * The facts a copy-as-code snippet depends on, read from one frame's report: format, planes, sizes, pitches,
 * pointers, where the planes lie, whether NVCV's single-tensor view is valid, and whether zero copy is possible.
 * Names are checked against the vocabulary here and numbers made whole, so a generator prints nothing a capture
 * chose; the report's free text (reasons) stays in `reason` fields that code prints only as string literals.
 */
import type { FrameReport, PlaneReport } from '../../contract/report';
import { DECODE_PATHS } from '../../contract/vocabulary';
import { decoderFixOf, decoderWords, type DecoderFix } from './decoder-fix';
import { knownCount, knownNvcvFormatName, knownPixelFormat, knownPlaneName, knownPointer } from './literal';

/** One plane as the snippets use it. */
export interface PlaneFacts {
  index: number;
  name: string;
  /** Samples per row and rows NVCV is given (the displayed picture, this plane's subsampling applied). */
  width: number;
  height: number;
  /** Bytes from one row's start to the next (FFmpeg's linesize). */
  pitch: number;
  /** FFmpeg's data[i], as a hex string. */
  pointer: string;
  /** Components per pixel in this plane (1 for Y/U/V, 2 for interleaved UV). */
  channels: number;
  /** Bytes before the next plane's first byte, from plane 0 (null when planes lie in allocations of their own). */
  offsetFromPlane0: number | null;
  /** Rows decoded but not displayed, and rows the allocator added, below the picture (null when unknown). */
  codedRowsNotDisplayed: number | null;
  allocatorPaddingRows: number | null;
  /** All rows below the picture up to the next plane or the allocation's end (null when unknown). */
  hiddenRowsAfter: number | null;
  /** Rows of this plane's pitch up to the next plane, when it follows in the same allocation. */
  rowsBeforeNextPlane: number | null;
}

/** Whether zero copy is possible for this frame, and why not. */
type CodeVerdict =
  | { kind: 'zero-copy'; text: string }
  | { kind: 'uploaded'; text: string }
  | { kind: 'host'; text: string }
  /** `reason`: the report's own words, free text (shown as text, printed in code only as a string literal). */
  | { kind: 'no-format'; text: string; reason: string }
  /** Wrapped, but the frame's NVCV format was not recorded (a recorder capture reads planes, not a format code):
   * nothing says zero copy is impossible, and nothing says which format code to print. */
  | { kind: 'format-not-recorded'; text: string; reason: string };

/** True when the decoder's witness flagged the frame and no wrap of it can be right: FFmpeg's copy made from the
 * wrong rows, or a distance not measured in whole rows. */
export const noCorrectWrap = (facts: CodeFacts): boolean =>
  facts.decoderFix !== null && facts.decoderFix.kind !== 'shift';

/** The verdict kinds for which no wrap code is printed: without a format code the code would name one it made up. */
export const NO_CODE_VERDICTS: readonly CodeVerdict['kind'][] = ['no-format', 'format-not-recorded'];

/** How CV-CUDA's one-tensor view applies to the frame. */
type TensorForm =
  | { kind: 'single'; rows: number }
  | { kind: 'coded-rows'; rows: number; chromaRow: number; reason: string }
  /** `reason`: the report's own words where it gave them (free text: never printed into code). */
  | { kind: 'per-plane'; reason: string };

/** Everything a generator reads. */
export interface CodeFacts {
  frameIndex: number;
  swFormat: string;
  decodePath: FrameReport['decodePath'];
  memory: FrameReport['allocation']['memory'];
  width: number;
  height: number;
  codedWidth: number;
  codedHeight: number;
  bitDepth: number;
  /** Bytes per sample: 1 for 8-bit formats, 2 above. */
  sampleBytes: number;
  formatName: string | null;
  formatCode: string | null;
  planes: PlaneFacts[];
  planesInOneAllocation: boolean;
  tensor: TensorForm;
  verdict: CodeVerdict;
  /** Where the frame and the operators are when they differ (the report's placement); null on one device. */
  crossDevice: CrossDevice | null;
  /** Set only where the decoder's witness flagged a plane of this NVDEC frame; null for every other frame. */
  decoderFix: DecoderFix | null;
  /** The hardware pixel format of a flagged frame (cuda), which its corrected code checks; null otherwise. */
  hwFormat: string | null;
}

/** A frame on one device with operators asked on another, and whether peer access was on. */
export interface CrossDevice {
  frameDevice: number;
  operatorDevice: number;
  peer: boolean;
}

function crossDeviceOf(report: FrameReport): CrossDevice | null {
  const p = report.placement;
  if (p === undefined || (p.verdict !== 'cross-device-copy' && p.verdict !== 'cross-device-peer')) return null;
  const frameDevice = p.planeDevices[0] ?? p.decoderDevice;
  if (frameDevice === null || p.operatorDevice === null) return null;
  return {
    frameDevice: knownCount(frameDevice),
    operatorDevice: knownCount(p.operatorDevice),
    peer: p.verdict === 'cross-device-peer',
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const countOrNull = (n: number | null | undefined): number | null =>
  n === null || n === undefined ? null : knownCount(n);

function planeFacts(plane: PlaneReport, position: number, sampleBytes: number, shared: boolean): PlaneFacts {
  return {
    // The plane's place in the report, not its own index field: generators write planes[index] from it.
    index: position,
    name: knownPlaneName(plane.name, position),
    width: knownCount(plane.width),
    height: knownCount(plane.height),
    pitch: knownCount(plane.pitch),
    pointer: knownPointer(plane.ffmpegPointer),
    channels: Math.max(1, Math.round(knownCount(plane.bytesPerPixel) / sampleBytes)),
    offsetFromPlane0: shared && plane.separateAllocation !== true ? countOrNull(plane.offsetFromPlane0) : null,
    codedRowsNotDisplayed: countOrNull(plane.codedRowsNotDisplayed),
    allocatorPaddingRows: countOrNull(plane.allocatorPaddingRows),
    hiddenRowsAfter: countOrNull(plane.hiddenRowsAfter),
    rowsBeforeNextPlane: countOrNull(plane.rowsBeforeNextPlane),
  };
}

function verdictOf(report: FrameReport): CodeVerdict {
  const { wrap, allocation } = report;
  const decodePath = (DECODE_PATHS as readonly string[]).includes(report.decodePath) ? report.decodePath : 'unknown';
  // The inspector sets a format code on every wrap it makes; a wrap without one is a recorder's, which reads the
  // wrapped object's planes and never an NVCV format code.
  if (wrap.available && wrap.formatCode === null) {
    return {
      kind: 'format-not-recorded',
      text:
        'No code: the format was not recorded. The frame was wrapped, but the capture does not say which NVCV ' +
        'format the wrap used, so no code is printed that would name one.',
      reason: wrap.reason || 'no NVCV format recorded',
    };
  }
  if (wrap.formatCode === null) {
    return {
      kind: 'no-format',
      text: 'NVCV cannot describe this layout.',
      reason: wrap.reason || 'no NVCV image format',
    };
  }
  if (allocation.memory === 'host' || allocation.memory === 'host-pinned') {
    return {
      kind: 'host',
      text:
        `Zero copy is impossible for this frame: its planes are in host memory (${decodePath} decode). ` +
        'CV-CUDA reads device memory, so the frame must be uploaded once (one copy) and the uploaded frame wrapped; ' +
        "its pitches are then the CUDA allocator's, not the ones listed here.",
    };
  }
  if (report.decodePath === 'software-upload') {
    return {
      kind: 'uploaded',
      text:
        'This frame was decoded in software and uploaded to the device: wrapping it copies nothing more, ' +
        "but the decoder's own output was copied once.",
    };
  }
  return { kind: 'zero-copy', text: 'The planes are device memory from the decoder: NVCV wraps them without a copy.' };
}

/** True when a two-plane frame's chroma follows luma at the same pitch in one allocation, after `rows` luma rows. */
function chromaFollows(planes: PlaneFacts[], rows: number): boolean {
  const [luma, chroma] = planes;
  if (luma === undefined || chroma === undefined || planes.length !== 2) return false;
  return chroma.pitch === luma.pitch && chroma.offsetFromPlane0 === luma.pitch * rows;
}

function tensorForm(report: FrameReport, planes: PlaneFacts[]): TensorForm {
  const { tensor } = report.wrap;
  const luma = planes[0];
  const chroma = planes[1];
  if (tensor.valid && luma !== undefined && chroma !== undefined) {
    return { kind: 'single', rows: luma.height + chroma.height };
  }
  const coded = luma?.rowsBeforeNextPlane ?? null;
  const subsampled420 = report.format.chromaSubsampling === '4:2:0' && planes.length === 2;
  if (subsampled420 && luma !== undefined && coded !== null && coded % 2 === 0 && chromaFollows(planes, coded)) {
    const hidden = coded - luma.height;
    return {
      kind: 'coded-rows',
      rows: coded + coded / 2,
      chromaRow: coded,
      reason:
        `chroma starts at row ${coded}, not ${luma.height}: a ${luma.height * 1.5}-row tensor would read ` +
        `${plural(hidden, 'hidden row')} as chroma, so the tensor covers all ${coded + coded / 2} coded rows ` +
        'and the result is cropped',
    };
  }
  return {
    kind: 'per-plane',
    reason: tensor.reason || `${plural(planes.length, 'plane')} that one tensor cannot cover: one tensor a plane`,
  };
}

/** The planes where NVDEC wrote them: FFmpeg's offsets moved by the measured distances (rows below the picture and
 * before the next plane recounted), for a frame whose correction was measured. */
export function correctedPlanes(planes: readonly PlaneFacts[], fix: DecoderFix): PlaneFacts[] {
  const moved = planes.map((p) => {
    const bytes = fix.planes.find((s) => s.index === p.index)?.bytes ?? 0;
    return { ...p, offsetFromPlane0: p.offsetFromPlane0 === null ? null : p.offsetFromPlane0 + bytes };
  });
  return moved.map((p, i) => {
    const next = moved[i + 1];
    if (next === undefined || next.offsetFromPlane0 === null || p.offsetFromPlane0 === null || p.pitch === 0) return p;
    const gap = next.offsetFromPlane0 - p.offsetFromPlane0;
    if (gap % p.pitch !== 0) return { ...p, rowsBeforeNextPlane: null, hiddenRowsAfter: null };
    return { ...p, rowsBeforeNextPlane: gap / p.pitch, hiddenRowsAfter: gap / p.pitch - p.height };
  });
}

/** The one-tensor form over the planes where NVDEC wrote them: FFmpeg's single-tensor verdict judged its own
 * pointers, so it is not asked. */
function correctedTensorForm(report: FrameReport, planes: PlaneFacts[]): TensorForm {
  const [luma, chroma] = planes;
  const coded = luma?.rowsBeforeNextPlane ?? null;
  const subsampled420 = report.format.chromaSubsampling === '4:2:0' && planes.length === 2;
  if (subsampled420 && luma !== undefined && chroma !== undefined && coded !== null && chromaFollows(planes, coded)) {
    if (coded === luma.height && coded % 2 === 0) return { kind: 'single', rows: luma.height + chroma.height };
    if (coded % 2 === 0) {
      const hidden = coded - luma.height;
      return {
        kind: 'coded-rows',
        rows: coded + coded / 2,
        chromaRow: coded,
        reason:
          `chroma starts at row ${coded}, where NVDEC wrote it, ${plural(hidden, 'row')} below the picture's ` +
          `${luma.height}, so the tensor covers all ${coded + coded / 2} rows from plane 0 and the result is cropped`,
      };
    }
  }
  return {
    kind: 'per-plane',
    reason: `${plural(planes.length, 'plane')} that one tensor cannot cover: one tensor a plane`,
  };
}

/** The facts of one frame's report that copy-as-code depends on. */
export function codeFacts(report: FrameReport): CodeFacts {
  const sampleBytes = report.format.bitDepth > 8 ? 2 : 1;
  const shared = report.allocation.planesInOneAllocation;
  const planes = report.planes.map((p, i) => planeFacts(p, i, sampleBytes, shared));
  const { format } = report;
  const decoderFix = decoderFixOf(report, planes);
  const tensor =
    decoderFix?.kind === 'shift'
      ? correctedTensorForm(report, correctedPlanes(planes, decoderFix))
      : tensorForm(report, planes);
  return {
    frameIndex: knownCount(report.frameIndex),
    swFormat: knownPixelFormat(format.swFormat),
    decodePath: report.decodePath,
    memory: report.allocation.memory,
    width: knownCount(format.width),
    height: knownCount(format.height),
    codedWidth: knownCount(format.codedWidth),
    codedHeight: knownCount(format.codedHeight),
    bitDepth: knownCount(format.bitDepth),
    sampleBytes,
    formatName: knownNvcvFormatName(report.wrap.formatName),
    formatCode: report.wrap.formatCode === null ? null : knownPointer(report.wrap.formatCode),
    planes,
    planesInOneAllocation: report.allocation.planesInOneAllocation,
    tensor,
    verdict: verdictOf(report),
    crossDevice: crossDeviceOf(report),
    decoderFix,
    hwFormat: decoderFix === null || format.hwFormat === null ? null : knownPixelFormat(format.hwFormat),
  };
}

/** One line of the facts list shown beside a snippet. */
export interface FactLine {
  label: string;
  value: string;
}

/** The facts a snippet shows beside it, in the order a reader checks them. */
export function factLines(facts: CodeFacts): FactLine[] {
  const list = (f: (p: PlaneFacts) => string): string => facts.planes.map(f).join(', ');
  const unrecorded = facts.verdict.kind === 'format-not-recorded';
  return [
    {
      label: 'format',
      value: `${facts.swFormat} (${facts.formatName ?? (unrecorded ? 'NVCV format not recorded' : 'no NVCV format')})`,
    },
    { label: 'NVCV format code', value: facts.formatCode ?? (unrecorded ? 'not recorded' : 'none') },
    { label: 'planes', value: `${facts.planes.length}: ${list((p) => p.name)}` },
    { label: 'widths', value: list((p) => String(p.width)) },
    { label: 'heights', value: list((p) => String(p.height)) },
    { label: 'pitches', value: list((p) => `${p.pitch} B`) },
    { label: 'pointers', value: list((p) => p.pointer) },
    { label: 'memory', value: `${facts.memory} (${facts.decodePath})` },
    {
      label: 'single tensor',
      value: noCorrectWrap(facts) ? "none: the decoder's witness flags this frame" : tensorWords(facts.tensor),
    },
    ...(facts.decoderFix === null ? [] : [{ label: 'decoder', value: decoderWords(facts.decoderFix) }]),
  ];
}

/** The single-tensor verdict in a few words. */
function tensorWords(tensor: TensorForm): string {
  switch (tensor.kind) {
    case 'single':
      return `valid: [1, ${tensor.rows}, W, 1]`;
    case 'coded-rows':
      return `not at the display height; valid over ${tensor.rows} coded rows, cropped`;
    case 'per-plane':
      return 'not valid: one tensor a plane';
  }
}
