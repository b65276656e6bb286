/**
 * A scan's summary: findings grouped by cause across files ("FFmpeg's chroma pointer 1 row before where NVDEC wrote
 * the plane: 37 files, 12,340 frames: odd-height VP9"), errors grouped by code, and the totals.
 */
import type { ScanLine } from '../../contract/scan';

/** One cause across the corpus. */
interface CauseGroup {
  check: string;
  cause: string;
  files: string[];
  frames: number;
  /** What the files have in common, in words: "odd-height vp9", "even-height h264"; the most frequent first. */
  kinds: string[];
}

/** Kinds ordered by how many of the group's files they describe, then by name: the same for any order of lines. */
function orderedKinds(counts: ReadonlyMap<string, number>): string[] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([kind]) => kind);
}

/** The whole scan in numbers and groups. */
export interface ScanSummary {
  files: number;
  clean: number;
  withFindings: number;
  errors: number;
  frames: number;
  causes: CauseGroup[];
  errorCodes: { code: string; files: string[] }[];
}

/** The kind of a file as a cause names it: the parity of its picture height and its codec. */
function fileKind(line: ScanLine): string {
  if (line.stream === null) return 'unopened';
  return `${line.stream.height % 2 === 1 ? 'odd' : 'even'}-height ${line.stream.codec}`;
}

/** Groups the lines of a scan. */
export function summarise(lines: readonly ScanLine[]): ScanSummary {
  const causes = new Map<string, CauseGroup>();
  const kindCounts = new Map<string, Map<string, number>>();
  const errorCodes = new Map<string, string[]>();
  for (const line of lines) {
    if (line.status === 'error' && line.error !== null) {
      errorCodes.set(line.error.code, [...(errorCodes.get(line.error.code) ?? []), line.key.path]);
      continue;
    }
    for (const finding of line.findings) {
      const key = `${finding.check}\u0000${finding.cause}`;
      const group = causes.get(key) ?? { check: finding.check, cause: finding.cause, files: [], frames: 0, kinds: [] };
      group.files.push(line.key.path);
      group.frames += finding.frames;
      const kind = fileKind(line);
      const counts = kindCounts.get(key) ?? new Map<string, number>();
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      kindCounts.set(key, counts);
      causes.set(key, group);
    }
  }
  // Lines arrive in the order files finished, which parallel decoders make vary from run to run: everything listed
  // is sorted so that one corpus always gives one summary.
  for (const [key, group] of causes) {
    group.kinds = orderedKinds(kindCounts.get(key) ?? new Map());
    group.files.sort((a, b) => a.localeCompare(b));
  }
  return {
    files: lines.length,
    clean: lines.filter((l) => l.status === 'clean').length,
    withFindings: lines.filter((l) => l.status === 'findings').length,
    errors: lines.filter((l) => l.status === 'error').length,
    frames: lines.reduce((sum, l) => sum + l.frames, 0),
    causes: [...causes.values()].sort((a, b) => b.files.length - a.files.length || a.cause.localeCompare(b.cause)),
    errorCodes: [...errorCodes.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([code, files]) => ({ code, files: [...files].sort((a, b) => a.localeCompare(b)) })),
  };
}

/** A count with thousands separated: 12,340. */
const count = (n: number): string => n.toLocaleString('en-US');

/** The summary as the terminal prints it. */
export function summaryText(summary: ScanSummary): string {
  const lines = [
    `${count(summary.files)} files, ${count(summary.frames)} frames: ${count(summary.clean)} clean, ` +
      `${count(summary.withFindings)} with findings, ${count(summary.errors)} not scanned`,
  ];
  for (const group of summary.causes)
    lines.push(
      `  ${group.cause}: ${count(group.files.length)} file${group.files.length === 1 ? '' : 's'}, ` +
        `${count(group.frames)} frames: ${group.kinds.join(', ')}`,
    );
  for (const { code, files } of summary.errorCodes)
    lines.push(`  not scanned, ${code}: ${count(files.length)} file${files.length === 1 ? '' : 's'}`);
  return lines.join('\n');
}
