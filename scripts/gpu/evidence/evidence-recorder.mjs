// @ts-check
// The recorder's pytest suite on the GPU machine (python-tests.xml, pytest's JUnit file): its totals, and each GPU
// test (python/tests/gpu) with its outcome and what it printed, such as the layout of a PyNvVideoCodec frame.
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { table } from './stats.mjs';
import { templates, then } from './template.mjs';
import { newestHolding, otherRun } from './run.mjs';

const t = templates('evidence-recorder');

/** The text of a test's captured output, without pytest's banner lines. @param {Element} testcase */
function printed(testcase) {
  const out = testcase.getElementsByTagName('system-out')[0];
  if (!out) return [];
  return (out.textContent ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^-+ Captured Out -+$/.test(line));
}

/** One test's outcome. @param {Element} testcase */
function outcome(testcase) {
  if (testcase.getElementsByTagName('failure').length > 0 || testcase.getElementsByTagName('error').length > 0)
    return 'FAILED';
  return testcase.getElementsByTagName('skipped').length > 0 ? 'skipped' : 'passed';
}

/** A JUnit file's totals and its GPU tests as table rows, or null where the run has no such file. @param {string} file */
function gpuTests(file) {
  if (!fs.existsSync(file)) return null;
  const doc = new DOMParser().parseFromString(fs.readFileSync(file, 'utf8'), 'text/xml');
  const suite = doc.getElementsByTagName('testsuite')[0];
  if (!suite) return null;
  const count = (/** @type {string} */ name) => Number(suite.getAttribute(name) ?? 0);
  const failed = count('failures') + count('errors');
  const cases = Array.from(doc.getElementsByTagName('testcase')).filter((t) =>
    (t.getAttribute('classname') ?? '').startsWith('tests.gpu.'),
  );
  const rows = cases.map((c) => {
    const module = (c.getAttribute('classname') ?? '').replace('tests.gpu.', '');
    return `| ${module}: ${c.getAttribute('name')} | ${outcome(c)} | ${printed(c).join('; ').replaceAll('|', '\\|')} |`;
  });
  const totals = { passed: count('tests') - failed - count('skipped'), failed, skipped: count('skipped') };
  return { ...totals, table: table('| test | outcome | printed |', rows) };
}

/** Appends this part to the document's lines: the suite, and the GPU tests a later call on another machine ran
 * where the run has them (python-decode-second-call.xml, python-proof-third-call.xml). A run that did not run the
 * suite shows the recorded run's that did and recorded last, named as such. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeRecorderEvidence(run, ev) {
  const dir = newestHolding(run.runDir, ['python-tests.xml']);
  if (dir === null) return;
  const suite = gpuTests(path.join(dir, 'python-tests.xml'));
  if (suite === null) return;
  const other = dir === run.runDir ? null : otherRun(run.root, dir);
  const notes = other && fs.existsSync(path.join(dir, 'run-notes.md')) ? t.text('from-run-notes', { relFromDocs: other.relFromDocs }) : null;
  const fromRun = then(other ? t.text('from-run', { ...other, ownCommit: run.commit, notes: then(notes) }) : null);
  ev.push(...t.lines('recorder', { ...suite, fromRun }), '');
  const second = gpuTests(path.join(dir, 'python-decode-second-call.xml'));
  if (second !== null) ev.push(...t.lines('second-call', second), '');
  const third = gpuTests(path.join(dir, 'python-proof-third-call.xml'));
  if (third !== null) ev.push(...t.lines('third-call', third), '');
}
