/**
 * The words of every verdict the inspector shows about a frame, in one place: the identity panel's badges,
 * the presenter view's headlines and the command line's table all say them from here.
 */
import { frameChecks, uncomparedPointers, type CheckName, type CheckResult } from '../contract/checks';
import {
  everyPlane,
  pointerDifferences,
  pointersEqual,
  strideDifferences,
  stridesEqual,
} from '../contract/plane-identity';
import type { FrameReport } from '../contract/report';

/** What a verdict says when it passed, when it failed, and when it could not be told. */
export interface VerdictWords {
  pass: string;
  fail: string;
  unknown: string;
}

/** The big verdicts about a frame: every check's fact has one, so each fault is told in its own words. */
export type VerdictKey = 'pointers' | 'strides' | 'format' | 'decoder' | 'aliasing' | 'restored' | 'tensor' | 'context';

/** Each big verdict's headline: the identity panel's badges and the presenter view say these. */
export const HEADLINES: Record<VerdictKey, VerdictWords> = {
  pointers: { pass: 'ZERO-COPY: POINTERS MATCH', fail: 'POINTER MISMATCH', unknown: 'POINTERS NOT CHECKED' },
  strides: {
    pass: "NVCV ROW STRIDES: FFMPEG'S PITCHES",
    fail: "NVCV ROW STRIDE ≠ FFMPEG'S PITCH",
    unknown: 'ROW STRIDES NOT COMPARED',
  },
  format: { pass: "NVCV FORMAT: FFMPEG'S FRAME", fail: 'NVCV FORMAT: WRONG', unknown: 'NVCV FORMAT: NOT COMPARED' },
  decoder: {
    pass: "FFMPEG'S PLANES: THE DECODER'S",
    fail: "FFMPEG'S PLANE IS NOT WHERE THE DECODER WROTE IT",
    unknown: 'DECODER NOT ASKED',
  },
  aliasing: { pass: 'ALIASING PROVEN', fail: 'ALIASING FAILED', unknown: 'PROOF NOT RUN' },
  restored: {
    pass: 'FRAME RESTORED AFTER THE PROOF',
    fail: 'FRAME NOT RESTORED AFTER THE PROOF',
    unknown: 'PROOF NOT RUN',
  },
  tensor: { pass: 'SINGLE TENSOR: VALID', fail: 'SINGLE TENSOR: WRONG', unknown: 'SINGLE TENSOR: NOT TRIED' },
  context: { pass: 'ONE CUDA CONTEXT', fail: 'TWO CUDA CONTEXTS', unknown: 'NO CUDA CONTEXT' },
};

/** Each check's word in a table cell (the command line's table). */
const CHECK_WORDS: Record<CheckName, VerdictWords> = {
  pointers: { pass: 'match', fail: 'MISMATCH', unknown: 'n/a' },
  strides: { pass: 'equal', fail: 'DIFFER', unknown: 'n/a' },
  format: { pass: 'same', fail: 'WRONG', unknown: 'n/a' },
  decoder: { pass: 'same', fail: 'SHIFTED', unknown: 'n/a' },
  aliasing: { pass: 'proven', fail: 'FAILED', unknown: 'not run' },
  restored: { pass: 'yes', fail: 'NO', unknown: 'n/a' },
};

/** What each check compares, as a list of them says it ("pointers, row strides: hold"). */
export const CHECK_FACTS: Record<CheckName, string> = {
  pointers: 'pointers',
  strides: 'row strides',
  format: 'format',
  decoder: "decoder's surface",
  aliasing: 'aliasing proof',
  restored: 'restore',
};

/** One plane's pointer comparison, as its badge says it. */
export const PLANE_MATCH_WORDS: VerdictWords = { pass: 'MATCH', fail: 'MISMATCH', unknown: 'n/a' };

/** The sign between two values and how a screen reader says it: `≠` only where they differ. */
export function equalityMark(equal: boolean | null): { mark: string; label: string } {
  if (equal === null) return { mark: '·', label: 'not compared' };
  return equal ? { mark: '=', label: 'equals' } : { mark: '≠', label: 'differs from' };
}

/** The word for an outcome: passed (true), failed (false), or could not be told (null). */
export function verdictWord(words: VerdictWords, ok: boolean | null): string {
  return ok === null ? words.unknown : ok ? words.pass : words.fail;
}

/** A check's word in a table cell; a check that is not there is a dash; a descriptor-only match is marked `*`. */
export function checkWord(check: CheckResult | undefined): string {
  if (check === undefined) return '—';
  return `${verdictWord(CHECK_WORDS[check.name], check.ok)}${check.descriptorOnly === true ? '*' : ''}`;
}

/** The pointer verdict from the addresses themselves: every plane's is FFmpeg's, one is not, or none was exported. */
export function pointerVerdict(report: FrameReport): boolean | null {
  return everyPlane(report.planes.map(pointersEqual));
}

/** The stride verdict: every NVCV row stride is FFmpeg's pitch, one is not, or NVCV exported none. */
export function strideVerdict(report: FrameReport): boolean | null {
  return everyPlane(report.planes.map(stridesEqual));
}

/** How a verdict looks: passed, passed with a caveat that keeps it from being the claim, failed, unknown. */
export type VerdictTone = 'ok' | 'warn' | 'bad' | 'unknown';

/** The tone of a yes/no/unknown outcome. */
export function toneOf(value: boolean | null): VerdictTone {
  return value === null ? 'unknown' : value ? 'ok' : 'bad';
}

/** The pointer headline when NVCV only describes host memory: the pointers match, yet no zero copy is shown. */
export const DESCRIPTOR_ONLY_HEADLINE = 'POINTERS MATCH · DESCRIPTOR ONLY (HOST MEMORY)';

/** Why a descriptor-only match is not the zero-copy claim. */
export const DESCRIPTOR_ONLY_WHY =
  'NVCV only describes this host frame: it refuses STRIDED_HOST, so the planes are wrapped through a STRIDED_CUDA ' +
  'descriptor that NVCV validates and exports without touching memory; no CV-CUDA operator may run on it';

/** True when every pointer matches but NVCV only describes the frame (host memory behind a device descriptor). */
function descriptorOnly(report: FrameReport): boolean {
  return pointerVerdict(report) === true && report.wrap.descriptorOnly;
}

/** The pointer verdict as the identity badge, the presenter and the command line tell it: words and tone. */
export function pointerBadge(report: FrameReport): { text: string; tone: VerdictTone } {
  if (descriptorOnly(report)) return { text: DESCRIPTOR_ONLY_HEADLINE, tone: 'warn' };
  const match = pointerVerdict(report);
  return { text: verdictWord(HEADLINES.pointers, match), tone: toneOf(match) };
}

/** One big verdict: its headline, its outcome and tone, and a line saying why. */
export interface Verdict {
  key: VerdictKey;
  ok: boolean | null;
  tone: VerdictTone;
  headline: string;
  why: string;
}

/**
 * Why the pointer verdict is what it is, without a planted fault's note: a mismatch names each differing plane and
 * its distance (never the planes that match); a match counts the planes.
 */
export function pointerWhy(report: FrameReport): string {
  const match = pointerVerdict(report);
  const missing = uncomparedPointers(report.planes);
  if (match === false) return [...pointerDifferences(report.planes), ...(missing === '' ? [] : [missing])].join('; ');
  if (match === null) return report.wrap.reason || missing || 'NVCV exported no pointers for this frame';
  const equal = `${report.planes.length} planes: NVCV's exported pointers equal FFmpeg's`;
  return descriptorOnly(report) ? `${equal}. ${DESCRIPTOR_ONLY_WHY}` : equal;
}

/** The verdict of a fact told only when it fails (a right wrap shows the usual verdicts alone). */
function failing(key: VerdictKey, why: string): Verdict {
  return { key, ok: false, tone: 'bad', headline: HEADLINES[key].fail, why };
}

/** The big verdicts about a frame, in the order they are told. */
export function frameVerdicts(report: FrameReport): Verdict[] {
  const { aliasing, wrap, context } = report;
  const tensor = wrap.tensor;
  const off =
    tensor.assumedChromaRow !== null &&
    tensor.actualChromaRow !== null &&
    tensor.assumedChromaRow !== tensor.actualChromaRow
      ? `a 1.5×H tensor reads chroma at row ${tensor.assumedChromaRow}; it starts at row ${tensor.actualChromaRow}`
      : tensor.reason;
  const planted = wrap.planted ?? null;
  // A fault is told only when it is there, each fact in its own words: a frame whose wrap is right shows the four
  // usual verdicts; a wrong stride is never told as a pointer mismatch, nor a lost restore as a failed proof.
  const strides =
    strideVerdict(report) === false ? [failing('strides', strideDifferences(report.planes).join('; '))] : [];
  const format =
    wrap.formatMatch === false
      ? [
          failing(
            'format',
            `NVCV exported ${wrap.formatName ?? wrap.formatCode ?? '?'}; FFmpeg's frame implies ${wrap.expectedFormatCode ?? '?'}`,
          ),
        ]
      : [];
  // FFmpeg's pointer against the decoder's own surface: told only when they part, like the format, and in the
  // decoder check's own words (a pointer off where NVDEC wrote the plane, a copy short of the plane's rows), so the
  // verdict and the check can never say two things about one plane.
  const decoderCheck = frameChecks(report).find((c) => c.name === 'decoder');
  const decoder = decoderCheck?.ok === false ? [failing('decoder', decoderCheck.detail)] : [];
  const proof = aliasing.ran ? aliasing.passed : null;
  const restored =
    aliasing.ran && !aliasing.restored
      ? [failing('restored', `the bytes under the canary ${aliasing.canary} were NOT written back after the proof`)]
      : [];
  const badge = pointerBadge(report);
  const why = pointerWhy(report);
  return [
    {
      key: 'pointers',
      ok: pointerVerdict(report),
      tone: badge.tone,
      headline: badge.text,
      why: planted === null ? why : `PLANTED FAULT (${planted}). ${why}`,
    },
    ...strides,
    ...format,
    ...decoder,
    {
      key: 'aliasing',
      ok: proof,
      tone: toneOf(proof),
      headline: verdictWord(HEADLINES.aliasing, proof),
      why: proof === true ? `canary ${aliasing.canary} written through NVCV, read through FFmpeg` : aliasing.reason,
    },
    ...restored,
    {
      key: 'tensor',
      ok: tensor.attempted ? tensor.valid : null,
      tone: toneOf(tensor.attempted ? tensor.valid : null),
      headline: verdictWord(HEADLINES.tensor, tensor.attempted ? tensor.valid : null),
      why: off,
    },
    {
      key: 'context',
      ok: context.oneContext,
      tone: toneOf(context.oneContext),
      headline: verdictWord(HEADLINES.context, context.oneContext),
      why: context.strategy,
    },
  ];
}
