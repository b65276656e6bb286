/**
 * A scan's findings, grouped across files by cause: each failed check becomes words without addresses or frame
 * numbers ("FFmpeg's chroma pointer 1 row before where NVDEC wrote the plane"), so that the same fault in many files
 * is one line of the summary, with the files and frames it was seen in.
 */
import type { CheckResult } from '../../contract/checks';
import type { FrameReport } from '../../contract/report';
import type { ScanFinding } from '../../contract/scan';

/** "1 row", "2 rows". */
const rows = (n: number): string => `${n} row${n === 1 ? '' : 's'}`;

/** The plane as a cause names it: luma for plane 0, chroma for an interleaved plane, else its name. */
function planeWord(report: FrameReport, index: number): string {
  const name = report.planes[index]?.name ?? String(index);
  if (index === 0) return 'luma';
  return name === 'UV' || name === 'VU' ? 'chroma' : `${name}-plane`;
}

/** The decoder witness's failure in words that hold for every frame and file it happens in. */
function decoderCause(report: FrameReport): string {
  const surface = report.decoderSurface;
  const parts: string[] = [];
  for (const plane of surface?.planes ?? []) {
    if (plane.verdict !== 'shifted') continue;
    const delta = plane.deltaBytes ?? 0;
    const what = planeWord(report, plane.index);
    if (delta !== 0) {
      const distance = plane.deltaRows !== null ? rows(Math.abs(plane.deltaRows)) : `${Math.abs(delta)} bytes`;
      const side = delta < 0 ? 'before' : 'after';
      parts.push(
        surface?.ffmpegCopy === true
          ? `FFmpeg's ${what} copied from ${distance} ${side} where NVDEC wrote the plane`
          : `FFmpeg's ${what} pointer ${distance} ${side} where NVDEC wrote the plane`,
      );
    }
    const copied = plane.copiedRows ?? null;
    const needed = plane.rowsNeeded ?? null;
    if (copied !== null && needed !== null && copied < needed)
      parts.push(`FFmpeg's copy of the ${what} plane leaves out ${rows(needed - copied)}`);
  }
  return parts.length > 0 ? parts.join('; ') : "FFmpeg's plane is not where the decoder wrote it";
}

/** Plane names of the planes a pointer or stride check found apart. */
function planesApart(report: FrameReport, apart: (plane: FrameReport['planes'][number]) => boolean): string {
  return report.planes
    .filter(apart)
    .map((plane) => plane.name)
    .join(', ');
}

/** The words that group one failed check across frames and files. */
export function causeOf(check: CheckResult, report: FrameReport): string {
  switch (check.name) {
    case 'decoder':
      return decoderCause(report);
    case 'pointers': {
      const names = planesApart(
        report,
        (p) => p.nvcvPointer !== null && BigInt(p.nvcvPointer) !== BigInt(p.ffmpegPointer),
      );
      return `NVCV's exported pointer is not FFmpeg's (${names || 'no pointer exported'})`;
    }
    case 'strides': {
      const names = planesApart(report, (p) => p.nvcvRowStride !== null && p.nvcvRowStride !== p.pitch);
      return `NVCV's row stride is not FFmpeg's pitch (${names})`;
    }
    case 'format':
      return "NVCV's exported format is not the one FFmpeg's frame implies";
    case 'aliasing':
      return /^not run:/.test(report.aliasing.reason)
        ? "the proof was refused: NVCV's address lies outside the frame's memory"
        : "a canary written through NVCV's pointer was not seen through FFmpeg's";
    case 'restored':
      return 'the bytes under the canary were not restored';
  }
}

/**
 * Counts one frame under its check and cause, the one grouping of every scan finding (the checks' and the decoder
 * A/B's): the first frame of a cause makes the finding, with its frame and its detail; each later frame adds one.
 */
export function groupFinding(
  findings: Map<string, ScanFinding>,
  check: ScanFinding['check'],
  cause: string,
  frameIndex: number,
  detail: () => string,
): void {
  const key = `${check}\u0000${cause}`;
  const seen = findings.get(key);
  if (seen !== undefined) seen.frames += 1;
  else findings.set(key, { check, cause, frames: 1, firstFrame: frameIndex, detail: detail() });
}

/** Adds one frame's failed checks to a file's findings (one finding per cause, counting its frames). */
export function addFrameFindings(
  findings: Map<string, ScanFinding>,
  frameIndex: number,
  report: FrameReport,
  checks: readonly CheckResult[],
): void {
  for (const check of checks) {
    if (check.ok !== false) continue;
    groupFinding(findings, check.name, causeOf(check, report), frameIndex, () => check.detail);
  }
}
