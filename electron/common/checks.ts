/** The checks a frame report must pass: the verdicts the command line exits on and the presenter view shows. */
import type { FrameReport } from './report';

/** The name of one check. */
export type CheckName = 'pointers' | 'strides' | 'aliasing' | 'restored';

/** One check's outcome: passed, failed, or could not run (null), with why. */
export interface CheckResult {
  name: CheckName;
  ok: boolean | null;
  detail: string;
  /** Pointers only: they match, but NVCV only describes host memory (no zero copy is shown). */
  descriptorOnly?: boolean;
}

/** Every check name, in the order they are shown. */
export const CHECK_NAMES: readonly CheckName[] = ['pointers', 'strides', 'aliasing', 'restored'];

function pointers(report: FrameReport): CheckResult {
  const bad = report.planes.filter((plane) => plane.match === false);
  if (bad.length > 0) {
    const detail = bad
      .map((p) => `plane ${p.index} (${p.name}): FFmpeg ${p.ffmpegPointer} ≠ NVCV ${p.nvcvPointer ?? 'none'}`)
      .join('; ');
    return { name: 'pointers', ok: false, detail };
  }
  if (report.planes.length > 0 && report.planes.every((plane) => plane.match === true)) {
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
    detail: report.wrap.available ? 'NVCV exported no pointers for this frame' : `not wrapped: ${report.wrap.reason}`,
  };
}

function strides(report: FrameReport): CheckResult {
  const checked = report.planes.filter((plane) => plane.nvcvRowStride !== null);
  const bad = checked.filter((plane) => plane.nvcvRowStride !== plane.pitch);
  if (bad.length > 0) {
    const detail = bad.map((p) => `plane ${p.index} (${p.name}): pitch ${p.pitch} ≠ NVCV stride ${p.nvcvRowStride}`);
    return { name: 'strides', ok: false, detail: detail.join('; ') };
  }
  if (checked.length > 0 && checked.length === report.planes.length) {
    return { name: 'strides', ok: true, detail: "NVCV's row strides equal FFmpeg's pitches" };
  }
  return { name: 'strides', ok: null, detail: 'NVCV exported no row strides for this frame' };
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
  return [pointers(report), strides(report), aliasing(report), restored(report)];
}

/** True when no check failed; with strict, also when every check could run. */
export function checksPass(results: readonly CheckResult[], strict = false): boolean {
  return results.every((result) => result.ok === true || (result.ok === null && !strict));
}
