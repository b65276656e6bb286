/**
 * The recorded GPU runs (docs/gpu-runs), ordered by the time each run recorded: the `date` of its reports.json,
 * written when the run's reports were made. A folder's name is the day and the commit, so within a day names sort by
 * commit hash, not by time; nothing here orders runs by name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { followUps } from '../../scripts/gpu/evidence/follow-ups.mjs';
import { ROOT } from './paths';

/** Where the recorded runs lie. */
export const GPU_RUNS = path.join(ROOT, 'docs', 'gpu-runs');

/** One recorded run: its folder and the time it recorded. */
export interface RecordedRun {
  name: string;
  dir: string;
  /** reports.json's `date`, as milliseconds since the epoch. */
  recordedAt: number;
}

/** The time a run recorded (reports.json's `date`), or null when it recorded none that parses. */
export function recordedAt(dir: string): number | null {
  const file = path.join(dir, 'reports.json');
  if (!existsSync(file)) return null;
  const date = (JSON.parse(readFileSync(file, 'utf8')) as { date?: unknown }).date;
  const time = typeof date === 'string' ? Date.parse(date) : Number.NaN;
  return Number.isFinite(time) ? time : null;
}

/** Every run under `runs` that recorded its time and holds each of `files`, oldest first. */
export function recordedRuns(files: readonly string[] = [], runs: string = GPU_RUNS): RecordedRun[] {
  const found: RecordedRun[] = [];
  for (const name of readdirSync(runs)) {
    const dir = path.join(runs, name);
    if (!files.every((file) => existsSync(path.join(dir, file)))) continue;
    const time = recordedAt(dir);
    if (time !== null) found.push({ name, dir, recordedAt: time });
  }
  return found.sort((a, b) => a.recordedAt - b.recordedAt);
}

/** The run that recorded last among those holding each of `files`. */
export function newestRun(files: readonly string[] = [], runs: string = GPU_RUNS): RecordedRun {
  const newest = recordedRuns(files, runs).at(-1);
  if (newest === undefined) throw new Error(`no recorded GPU run holds ${files.join(', ') || 'reports.json'}`);
  return newest;
}

/**
 * The operator previews (previews.json.gz) of the run that recorded last among those holding them: from its latest
 * follow-up that has them (a folder focus-N-COMMIT inside it: the GPU tier's tests run again at a later commit on the
 * same machine, right after the run), else its own.
 */
export function newestPreviewsFile(runs: string = GPU_RUNS): string {
  const newest = newestRun(['previews.json.gz'], runs);
  const followUp = followUps(newest.dir)
    .filter((f) => existsSync(path.join(f.dir, 'previews.json.gz')))
    .at(-1)?.name;
  return path.join(newest.dir, followUp ?? '', 'previews.json.gz');
}
