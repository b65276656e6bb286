// @ts-check
// One GPU run's raw output, read once: run.log, tests.tap, reports.json, bench.jsonl, and where they lie.
import fs from 'node:fs';
import path from 'node:path';

export { followUps } from './follow-ups.mjs';

/**
 * @typedef {object} Run
 * @property {string} root the repository
 * @property {string} runDir the run's folder, as given
 * @property {string} rel the run's folder relative to the repository
 * @property {(file: string) => string} read a file of the run, as text
 * @property {string} runLog
 * @property {string} tap
 * @property {any} reports
 * @property {any[]} bench the benchmarks' JSON lines: the run's own, or those of the run benchmarks-from.txt names
 * @property {string} benchLog the run.log the benchmarks were printed in
 * @property {{ rel: string, commit: string, date: string, machine: string } | null} benchSource the run the benchmarks
 *   come from, when it is not this one
 * @property {string} machine the GPU, driver and memory line of run.log
 * @property {string} commit the commit the run recorded
 * @property {any} env the environment report
 * @property {string | undefined} flag the command line's flag (--check: compare, write nothing)
 */

/** Reads a run. @param {string} root @param {string} runDir @param {string} [flag] @returns {Run} */
export function loadRun(root, runDir, flag) {
  const read = (/** @type {string} */ f) => fs.readFileSync(path.join(runDir, f), 'utf8');
  const runLog = read('run.log');
  const reports = JSON.parse(read('reports.json'));
  // A run without benchmarks (the whole tier again at a later commit, the device time left too short for them) names
  // the run on the same machine whose benchmarks stand for it, in benchmarks-from.txt.
  const from = fs.existsSync(path.join(runDir, 'benchmarks-from.txt')) ? read('benchmarks-from.txt').trim() : null;
  const benchDir = from ? path.resolve(root, from) : runDir;
  const benchLog = from ? fs.readFileSync(path.join(benchDir, 'run.log'), 'utf8') : runLog;
  const benchSource = from
    ? {
        rel: path.relative(root, benchDir),
        commit: (benchLog.match(/^commit (\w+)/m) ?? [])[1] ?? 'unknown',
        date: JSON.parse(fs.readFileSync(path.join(benchDir, 'reports.json'), 'utf8')).date,
        machine: benchLog.split('\n')[1] ?? '',
      }
    : null;
  return {
    root,
    runDir,
    rel: path.relative(root, path.resolve(runDir)),
    read,
    runLog,
    tap: read('tests.tap'),
    reports,
    bench: fs
      .readFileSync(path.join(benchDir, 'bench.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
    benchLog,
    benchSource,
    machine: runLog.split('\n')[1] ?? '',
    commit: (runLog.match(/^commit (\w+)/m) ?? [])[1] ?? 'unknown',
    env: reports.environment,
    flag,
  };
}
