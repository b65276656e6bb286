// @ts-check
// One GPU run's raw output, read once: run.log, tests.tap, reports.json, bench.jsonl, and where they lie.
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} Run
 * @property {string} root the repository
 * @property {string} runDir the run's folder, as given
 * @property {string} rel the run's folder relative to the repository
 * @property {(file: string) => string} read a file of the run, as text
 * @property {string} runLog
 * @property {string} tap
 * @property {any} reports
 * @property {any[]} bench
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
  return {
    root,
    runDir,
    rel: path.relative(root, path.resolve(runDir)),
    read,
    runLog,
    tap: read('tests.tap'),
    reports,
    bench: read('bench.jsonl')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
    machine: runLog.split('\n')[1] ?? '',
    commit: (runLog.match(/^commit (\w+)/m) ?? [])[1] ?? 'unknown',
    env: reports.environment,
    flag,
  };
}
