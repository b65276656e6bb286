/**
 * A scan's progress line: files done of those found so far (or of all, once a walk that only counts has finished),
 * frames and frames a second, and the time left once it can be told. The time left is measured by files: the
 * seconds the files done took, spread over those left; files of one corpus differ in length, so it is "about".
 * A file whose frames are scanned while its decoder A/B still runs on the CPU's pool counts in the frames and the
 * frames a second (what the decoders did) but not yet in the files done: the line says how many wait so.
 */

/** What the line is made from. */
export interface ScanProgress {
  /** Files done (scanned now, or found done by an earlier run). */
  done: number;
  /** Files the scan has taken so far. */
  taken: number;
  /** Every file the scan will see, once the counting walk has finished; null before. */
  expected: number | null;
  frames: number;
  seconds: number;
  /** Files scanned by this run (not found done), whose time measures the rest. */
  scannedNow: number;
  /** Files whose frames are scanned (and counted in frames) and whose decoder A/B is still running or waiting. */
  comparing?: number;
}

/** "12 s", "3 min", "1 h 5 min". */
export function durationWords(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The line. */
export function progressLine(p: ScanProgress): string {
  const of = p.expected !== null ? `${p.expected}` : `${p.taken}+`;
  const fps = p.seconds > 0 ? Math.round(p.frames / p.seconds) : 0;
  let line = `${p.done} of ${of} files · ${p.frames} frames · ${fps} fps`;
  const comparing = p.comparing ?? 0;
  if (comparing > 0) line += ` · ${comparing} in the A/B`;
  if (p.expected !== null && p.scannedNow > 0 && p.done < p.expected) {
    const perFile = p.seconds / p.scannedNow;
    line += ` · about ${durationWords(perFile * (p.expected - p.done))} left`;
  }
  return line;
}
