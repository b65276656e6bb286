/** The checks a frame report must pass: the verdicts the command line exits on and the presenter view shows. */
import {
  everyPlane,
  pointerDelta,
  pointersEqual,
  pointerShift,
  strideShift,
  stridesEqual,
  type IdentityPlane,
} from './plane-identity';
import type { FrameReport } from './report';

/** The name of one check. */
export type CheckName = 'pointers' | 'strides' | 'format' | 'decoder' | 'aliasing' | 'restored';

/** One check's outcome: passed, failed, or could not run (null), with why. */
export interface CheckResult {
  name: CheckName;
  ok: boolean | null;
  detail: string;
  /** Pointers only: they match, but NVCV only describes host memory (no zero copy is shown). */
  descriptorOnly?: boolean;
}

/** Every check name, in the order they are shown. */
export const CHECK_NAMES: readonly CheckName[] = ['pointers', 'strides', 'format', 'decoder', 'aliasing', 'restored'];

/** A plane as a table line names it: "plane 1 (UV)". */
const planeName = (p: IdentityPlane): string => `plane ${p.index} (${p.name})`;

/**
 * A plane whose pointer differs, the distance first, then both pointers and the signed byte count:
 * "plane 1 (UV): NVCV's pointer 2048 B = 1 row after FFmpeg's (…): FFmpeg 0x… ≠ NVCV 0x… (2048 bytes)".
 */
function mismatchWords(p: IdentityPlane): string {
  const delta = pointerDelta(p) ?? 0n;
  return `${planeName(p)}: ${pointerShift(p) ?? ''}: FFmpeg ${p.ffmpegPointer} ≠ NVCV ${p.nvcvPointer ?? 'none'} (${delta} bytes)`;
}

/**
 * The planes whose pointers could not be compared, each with why: "NVCV exported no pointer for 1 of 2 planes (UV)",
 * "plane 0 (Y): FFmpeg's pointer "(nil)" is not an address"; "" when every plane's pointers were compared.
 */
export function uncomparedPointers(planes: readonly IdentityPlane[]): string {
  const isAddress = (value: string): boolean => /^0x[0-9a-f]{1,16}$/i.test(value);
  const missing = planes.filter((p) => p.nvcvPointer === null);
  const words =
    missing.length === 0
      ? []
      : [
          `NVCV exported no pointer for ${missing.length} of ${planes.length} planes (${missing.map((p) => p.name).join(', ')})`,
        ];
  for (const p of planes) {
    if (p.nvcvPointer !== null && !isAddress(p.nvcvPointer))
      words.push(`${planeName(p)}: NVCV's pointer ${JSON.stringify(p.nvcvPointer)} is not an address`);
    if (p.nvcvPointer !== null && !isAddress(p.ffmpegPointer))
      words.push(`${planeName(p)}: FFmpeg's pointer ${JSON.stringify(p.ffmpegPointer)} is not an address`);
  }
  return words.join('; ');
}

/** The pointers alone, compared as addresses: a report's `match` may also have required equal strides. */
function pointers(report: FrameReport): CheckResult {
  const bad = report.planes.filter((plane) => pointersEqual(plane) === false);
  if (bad.length > 0) return { name: 'pointers', ok: false, detail: bad.map(mismatchWords).join('; ') };
  if (everyPlane(report.planes.map(pointersEqual)) === true) {
    const detail = `${report.planes.length} planes: NVCV's pointers equal FFmpeg's`;
    return report.wrap.descriptorOnly
      ? {
          name: 'pointers',
          ok: true,
          detail: `${detail}; descriptor only: NVCV describes host memory`,
          descriptorOnly: true,
        }
      : { name: 'pointers', ok: true, detail };
  }
  return {
    name: 'pointers',
    ok: null,
    detail: report.wrap.available
      ? uncomparedPointers(report.planes) || 'NVCV exported no pointers for this frame'
      : `not wrapped: ${report.wrap.reason}`,
  };
}

function strides(report: FrameReport): CheckResult {
  const bad = report.planes.filter((plane) => stridesEqual(plane) === false);
  if (bad.length > 0) {
    const detail = bad.map((p) => `${planeName(p)}: ${strideShift(p) ?? ''}`);
    return { name: 'strides', ok: false, detail: detail.join('; ') };
  }
  if (everyPlane(report.planes.map(stridesEqual)) === true) {
    return { name: 'strides', ok: true, detail: "NVCV's row strides equal FFmpeg's pitches" };
  }
  return { name: 'strides', ok: null, detail: 'NVCV exported no row strides for this frame' };
}

function format(report: FrameReport): CheckResult {
  const { formatMatch, formatCode, expectedFormatCode, formatName } = report.wrap;
  if (formatMatch === true) return { name: 'format', ok: true, detail: `NVCV exported ${formatName ?? formatCode}` };
  if (formatMatch === false)
    return {
      name: 'format',
      ok: false,
      detail: `NVCV exported ${formatName ?? '?'} (${formatCode ?? '?'}); FFmpeg's frame is ${expectedFormatCode ?? '?'}`,
    };
  const why = report.wrap.available ? 'a report made before the format was checked' : 'not wrapped';
  return { name: 'format', ok: null, detail: `NVCV's format not compared: ${why}` };
}

/** FFmpeg's plane pointers against where NVDEC wrote the planes in its mapped surface (the decoder's witness). */
function decoder(report: FrameReport): CheckResult {
  const surface = report.decoderSurface;
  if (surface === undefined) return { name: 'decoder', ok: null, detail: 'a report made before the decoder was asked' };
  const shifted = surface.planes.filter((p) => p.verdict === 'shifted');
  if (shifted.length > 0)
    return {
      name: 'decoder',
      ok: false,
      detail: shifted
        .flatMap((p) => {
          const lines: string[] = [];
          const side = (p.deltaBytes ?? 0) < 0 ? 'before' : 'after';
          const bytes = Math.abs(p.deltaBytes ?? 0);
          const rows =
            p.deltaRows === null ? '' : ` (${Math.abs(p.deltaRows)} row${Math.abs(p.deltaRows) === 1 ? '' : 's'})`;
          if (bytes !== 0)
            lines.push(
              surface.ffmpegCopy === true
                ? `plane ${p.index}: FFmpeg copied it from ${bytes} bytes${rows} ${side} where NVDEC wrote the plane`
                : `plane ${p.index}: FFmpeg's pointer is ${bytes} bytes${rows} ${side} where NVDEC wrote the plane`,
            );
          const copied = p.copiedRows ?? null;
          const needed = p.rowsNeeded ?? null;
          if (copied !== null && needed !== null && copied < needed)
            lines.push(`plane ${p.index}: FFmpeg's copy holds ${copied} of the plane's ${needed} rows`);
          return lines;
        })
        .join('; '),
    };
  const measured = surface.planes.filter((p) => p.verdict === 'decoder-plane' || p.verdict === 'ffmpeg-copy');
  if (surface.witnessed && measured.length > 0 && measured.length === surface.planes.length)
    return { name: 'decoder', ok: true, detail: surface.reason };
  return { name: 'decoder', ok: null, detail: `not checked against the decoder: ${surface.reason}` };
}

function aliasing(report: FrameReport): CheckResult {
  const proof = report.aliasing;
  if (!proof.ran) return { name: 'aliasing', ok: null, detail: `proof not run: ${proof.reason}` };
  return { name: 'aliasing', ok: proof.passed, detail: `${proof.method}: ${proof.reason}` };
}

function restored(report: FrameReport): CheckResult {
  const proof = report.aliasing;
  if (!proof.ran) return { name: 'restored', ok: null, detail: 'proof not run' };
  return {
    name: 'restored',
    ok: proof.restored,
    detail: proof.restored
      ? 'the bytes under the canary were restored'
      : 'the bytes under the canary were NOT restored',
  };
}

/** Runs every check on a report. */
export function frameChecks(report: FrameReport): CheckResult[] {
  // Only a frame NVDEC decoded (through FFmpeg's hwaccel or its cuvid decoder) has a decoder surface to be checked
  // against; other paths leave the check out.
  const surface = report.decodePath === 'nvdec' || report.decodePath === 'cuvid' ? [decoder(report)] : [];
  return [pointers(report), strides(report), format(report), ...surface, aliasing(report), restored(report)];
}

/** True when no check failed; with strict, also when every check could run. */
export function checksPass(results: readonly CheckResult[], strict = false): boolean {
  return results.every((result) => result.ok === true || (result.ok === null && !strict));
}
