// @ts-check
// One GPU run's raw output, read once: run.log, tests.tap, reports.json, bench.jsonl, and where they lie; and where a
// run that lacks some raw files finds them among the recorded runs.
import fs from 'node:fs';
import path from 'node:path';

export { followUps } from './follow-ups.mjs';

/** The JSON lines of a file, blank lines left out. @param {string} file @returns {any[]} */
export const jsonLines = (file) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/**
 * @typedef {object} Run
 * @property {string} root the repository
 * @property {string} runDir the run's folder, as given
 * @property {string} rel the run's folder relative to the repository
 * @property {(file: string) => string} read a file of the run, as text
 * @property {string} runLog
 * @property {string} tap
 * @property {any} reports
 * @property {any[]} bench the benchmarks' JSON lines: the run's own, those of the run benchmarks-from.txt names, or those
 *   of the recorded run with benchmarks that recorded last; none where no recorded run has any
 * @property {string} benchLog the run.log the benchmarks were printed in
 * @property {(OtherRun & { named: boolean }) | null} benchSource the run the benchmarks come from, when it is not this
 *   one: named in benchmarks-from.txt, or (named false) the recorded run with benchmarks that recorded last
 * @property {string} machine the GPU, driver and memory line of run.log
 * @property {string} commit the commit the run recorded
 * @property {any} env the environment report
 * @property {string | undefined} flag the command line's flag (--check: compare, write nothing)
 */

/**
 * The time a run recorded (its reports.json's `date`), as milliseconds since the epoch, or null where it recorded none.
 * @param {string} dir
 */
export function recordedAt(dir) {
  const file = path.join(dir, 'reports.json');
  const time = fs.existsSync(file) ? Date.parse(JSON.parse(fs.readFileSync(file, 'utf8')).date) : NaN;
  return Number.isFinite(time) ? time : null;
}

/**
 * Where a run that lacks some raw files finds them: itself where it holds every one of files (paths inside a run's
 * folder), else the recorded run beside it that holds them all and recorded last (by reports.json's `date`: folder
 * names sort by commit hash within a day, not by time), else null. Each such section names the run it comes from.
 * @param {string} runDir @param {string[]} files @returns {string | null}
 */
export function newestHolding(runDir, files) {
  const holds = (/** @type {string} */ dir) => files.every((f) => fs.existsSync(path.join(dir, f)));
  if (holds(runDir)) return runDir;
  const runs = path.dirname(path.resolve(runDir));
  return (
    fs
      .readdirSync(runs)
      .map((d) => path.join(runs, d))
      .filter((d) => holds(d) && fs.existsSync(path.join(d, 'run.log')) && recordedAt(d) !== null)
      .sort((a, b) => Number(recordedAt(a)) - Number(recordedAt(b)))
      .at(-1) ?? null
  );
}

/**
 * A recorded run other than the one the documents are made from, as a section names it.
 * @typedef {object} OtherRun
 * @property {string} rel its folder relative to the repository
 * @property {string} relFromDocs its folder relative to docs/, for a link from the documents
 * @property {string} commit the commit it recorded
 * @property {string} date its reports.json's `date`
 * @property {string} machine the GPU, driver and memory line of its run.log
 */

/** A recorded run's folder, commit, date and machine. @param {string} root @param {string} dir @returns {OtherRun} */
export function otherRun(root, dir) {
  const log = fs.readFileSync(path.join(dir, 'run.log'), 'utf8');
  return {
    rel: path.relative(root, dir),
    relFromDocs: path.relative(path.join(root, 'docs'), dir),
    commit: (log.match(/^commit (\w+)/m) ?? [])[1] ?? 'unknown',
    date: JSON.parse(fs.readFileSync(path.join(dir, 'reports.json'), 'utf8')).date,
    machine: log.split('\n')[1] ?? '',
  };
}

/** Reads a run. @param {string} root @param {string} runDir @param {string} [flag] @returns {Run} */
export function loadRun(root, runDir, flag) {
  const read = (/** @type {string} */ f) => fs.readFileSync(path.join(runDir, f), 'utf8');
  const runLog = read('run.log');
  const reports = JSON.parse(read('reports.json'));
  // A run without benchmarks (the whole tier again at a later commit, the device time left too short for them) names
  // the run on the same machine whose benchmarks stand for it, in benchmarks-from.txt. One that names none shows the
  // benchmarks of the recorded run that has them and recorded last, named as such (it may be another machine).
  const from = fs.existsSync(path.join(runDir, 'benchmarks-from.txt')) ? read('benchmarks-from.txt').trim() : null;
  const benchDir = from ? path.resolve(root, from) : newestHolding(runDir, ['bench.jsonl']);
  const elsewhere = benchDir !== null && path.resolve(benchDir) !== path.resolve(runDir);
  const benchLog = elsewhere ? fs.readFileSync(path.join(benchDir, 'run.log'), 'utf8') : runLog;
  return {
    root,
    runDir,
    rel: path.relative(root, path.resolve(runDir)),
    read,
    runLog,
    tap: read('tests.tap'),
    reports,
    bench: benchDir === null ? [] : jsonLines(path.join(benchDir, 'bench.jsonl')),
    benchLog,
    benchSource: elsewhere ? { ...otherRun(root, benchDir), named: from !== null } : null,
    machine: runLog.split('\n')[1] ?? '',
    commit: (runLog.match(/^commit (\w+)/m) ?? [])[1] ?? 'unknown',
    env: reports.environment,
    flag,
  };
}

/**
 * The session a folder of a run (scan/, ray/) was measured in, where it was not the run's own: session.json, written by
 * hand beside the measurements when a later session on a fresh machine made them from a bundle of another commit.
 * @param {string} dir @returns {{ commit: string, machine: string } | null}
 */
export function sessionOf(dir) {
  const file = path.join(dir, 'session.json');
  if (!fs.existsSync(file)) return null;
  const session = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof session.commit !== 'string' || typeof session.machine !== 'string')
    throw new Error(`${file}: a session names its commit and machine`);
  return { commit: session.commit, machine: session.machine };
}
