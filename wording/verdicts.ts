/**
 * The words of every verdict the inspector shows about a frame, in one place: the identity panel's badges,
 * the presenter view's headlines and the command line's table all say them from here.
 */
import type { CheckName, CheckResult } from '../contract/checks';
import type { FrameReport } from '../contract/report';

/** What a verdict says when it passed, when it failed, and when it could not be told. */
export interface VerdictWords {
  pass: string;
  fail: string;
  unknown: string;
}

/** The big verdicts about a frame. */
export type VerdictKey = 'pointers' | 'format' | 'decoder' | 'aliasing' | 'tensor' | 'context';

/** Each big verdict's headline: the identity panel's badges and the presenter view say these. */
export const HEADLINES: Record<VerdictKey, VerdictWords> = {
  pointers: { pass: 'ZERO-COPY: POINTERS MATCH', fail: 'POINTER MISMATCH', unknown: 'POINTERS NOT CHECKED' },
  format: { pass: "NVCV FORMAT: FFMPEG'S FRAME", fail: 'NVCV FORMAT: WRONG', unknown: 'NVCV FORMAT: NOT COMPARED' },
  decoder: {
    pass: "FFMPEG'S PLANES: THE DECODER'S",
    fail: "FFMPEG'S PLANE IS NOT WHERE THE DECODER WROTE IT",
    unknown: 'DECODER NOT ASKED',
  },
  aliasing: { pass: 'ALIASING PROVEN', fail: 'ALIASING FAILED', unknown: 'PROOF NOT RUN' },
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

/** One plane's pointer comparison, as its badge says it. */
export const PLANE_MATCH_WORDS: VerdictWords = { pass: 'MATCH', fail: 'MISMATCH', unknown: 'n/a' };

/** The word for an outcome: passed (true), failed (false), or could not be told (null). */
export function verdictWord(words: VerdictWords, ok: boolean | null): string {
  return ok === null ? words.unknown : ok ? words.pass : words.fail;
}

/** A check's word in a table cell; a check that is not there is a dash; a descriptor-only match is marked `*`. */
export function checkWord(check: CheckResult | undefined): string {
  if (check === undefined) return '—';
  return `${verdictWord(CHECK_WORDS[check.name], check.ok)}${check.descriptorOnly === true ? '*' : ''}`;
}

/** The pointer verdict: every plane matches, one does not, or NVCV could not be asked. */
export function pointerVerdict(report: FrameReport): boolean | null {
  const matches = report.planes.map((plane) => plane.match);
  if (matches.length === 0 || matches.some((match) => match === null)) return matches.includes(false) ? false : null;
  return matches.every((match) => match === true);
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

/** How many planes NVCV's pointers disagree with and how many it exported none for, e.g. "1 of 2 planes: …". */
function pointerCounts(report: FrameReport): string {
  const planes = report.planes;
  const differ = planes.filter((plane) => plane.match === false);
  const missing = planes.filter((plane) => plane.match === null).length;
  const names = differ.map((plane) => plane.name).join(', ');
  const unexported = missing > 0 ? `; NVCV exported no pointer for ${missing}` : '';
  if (differ.length === 0) return `${missing} of ${planes.length} planes: NVCV exported no pointer`;
  return differ.length === 1
    ? `1 of ${planes.length} planes (${names}): NVCV's exported pointer differs from FFmpeg's${unexported}`
    : `${differ.length} of ${planes.length} planes (${names}): NVCV's exported pointers differ from FFmpeg's${unexported}`;
}

/** The big verdicts about a frame, in the order they are told. */
export function frameVerdicts(report: FrameReport): Verdict[] {
  const match = pointerVerdict(report);
  const { aliasing, wrap, context } = report;
  const tensor = wrap.tensor;
  const off =
    tensor.assumedChromaRow !== null &&
    tensor.actualChromaRow !== null &&
    tensor.assumedChromaRow !== tensor.actualChromaRow
      ? `a 1.5×H tensor reads chroma at row ${tensor.assumedChromaRow}; it starts at row ${tensor.actualChromaRow}`
      : tensor.reason;
  const planted = wrap.planted ?? null;
  // A wrong format is told only when it is wrong: a frame whose wrap is right shows the four usual verdicts.
  const formatVerdicts: Verdict[] =
    wrap.formatMatch === false
      ? [
          {
            key: 'format',
            ok: false,
            tone: 'bad',
            headline: HEADLINES.format.fail,
            why: `NVCV exported ${wrap.formatName ?? wrap.formatCode ?? '?'}; FFmpeg's frame implies ${wrap.expectedFormatCode ?? '?'}`,
          },
        ]
      : [];
  // FFmpeg's pointer against the decoder's own surface: told only when they part, like the format.
  const shifted = (report.decoderSurface?.planes ?? []).filter((p) => p.verdict === 'shifted');
  const decoderVerdicts: Verdict[] =
    shifted.length > 0
      ? [
          {
            key: 'decoder',
            ok: false,
            tone: 'bad',
            headline: HEADLINES.decoder.fail,
            why: shifted
              .map(
                (p) =>
                  `plane ${p.index}: ${Math.abs(p.deltaBytes ?? 0)} bytes${p.deltaRows === null ? '' : ` (${Math.abs(p.deltaRows)} row${Math.abs(p.deltaRows) === 1 ? '' : 's'})`} ${(p.deltaBytes ?? 0) < 0 ? 'before' : 'after'} where NVDEC wrote it`,
              )
              .join('; '),
          },
        ]
      : [];
  const pointerWhy =
    match === null
      ? wrap.reason || pointerCounts(report)
      : descriptorOnly(report)
        ? `${report.planes.length} planes: NVCV's exported pointers equal FFmpeg's. ${DESCRIPTOR_ONLY_WHY}`
        : match
          ? `${report.planes.length} planes: NVCV's exported pointers equal FFmpeg's`
          : pointerCounts(report);
  return [
    {
      key: 'pointers',
      ok: match,
      tone: pointerBadge(report).tone,
      headline: pointerBadge(report).text,
      why: planted === null ? pointerWhy : `PLANTED FAULT (${planted}). ${pointerWhy}`,
    },
    ...formatVerdicts,
    ...decoderVerdicts,
    {
      key: 'aliasing',
      ok: aliasing.ran ? aliasing.passed && aliasing.restored : null,
      tone: toneOf(aliasing.ran ? aliasing.passed && aliasing.restored : null),
      headline: verdictWord(HEADLINES.aliasing, aliasing.ran ? aliasing.passed : null),
      why:
        aliasing.ran && aliasing.passed && aliasing.restored
          ? `canary ${aliasing.canary} written through NVCV, read through FFmpeg`
          : aliasing.reason,
    },
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
