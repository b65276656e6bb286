// The floor section of docs/benchmarks.md (scripts/gpu/evidence/bench-floor.mjs), rendered from runs made here as
// scripts/gpu/scan-bench.sh writes them: a run of the launcher shows the first open with the prestart library and
// without it side by side, and says whether the first open came within 300 ms from the rounds' marks (the median);
// rounds where the library was not loaded are said to measure nothing of it; a run from before the launcher renders
// the section it always had.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { writeFloorBenchmarks } from '../../scripts/gpu/evidence/bench-floor.mjs';

const MACHINE = 'NVIDIA H100 80GB HBM3, 580.95.05, 81559 MiB';

/** A run folder (removed when the test ends) whose scan/ holds the floor's lines and the marks' files given. */
function makeRun(t, records, files, session = null) {
  const runs = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  t.after(() => fs.rmSync(runs, { recursive: true, force: true }));
  const dir = path.join(runs, 'abc1234');
  fs.mkdirSync(path.join(dir, 'scan'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'run.log'), `# machine\n${MACHINE}\ncommit abc1234\n`);
  fs.writeFileSync(path.join(dir, 'reports.json'), JSON.stringify({ date: '2026-12-07T08:00:00.000Z' }));
  fs.writeFileSync(path.join(dir, 'scan', 'scan-bench.jsonl'), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  if (session !== null) fs.writeFileSync(path.join(dir, 'scan', 'session.json'), JSON.stringify(session));
  for (const [name, phases] of Object.entries(files))
    fs.writeFileSync(path.join(dir, 'scan', name), `${JSON.stringify({ phases })}\n`);
  const bm = [];
  writeFloorBenchmarks({ root: runs, runDir: dir, machine: MACHINE, commit: 'abc1234' }, bm);
  return bm.join('\n');
}

const node = { bootstrapComplete: 110, loopStart: 120 };
/** A round's lines: the driver alone, Node's start and the first frames (with, without the prestart). */
const round = (r, withS = 0.4, withoutS = 0.5) => [
  { bench: 'context-floor', result: 0, mainMs: 1, libcudaLoadedMs: 5, initMs: 100, contextMadeMs: 210 + r, round: r },
  { bench: 'node-start', round: r, bootstrapMs: 100 + r },
  { bench: 'first-frame-vs-ffmpeg', round: r, ffmpegSeconds: 0.4, inspectSeconds: withS, inspectNoPrestartSeconds: withoutS },
];
/** The marks of one inspect with the prestart (opened at OPENED ms) and one without. */
const marksOf = (opened, loaded = true) => ({
  with: {
    node,
    marks: { 'prestart-driver': 95, 'prestart-context': 205, 'addon-loaded': 190, main: 250, opened, written: opened + 60 },
    ...(loaded && { prestart: { device: 0 } }),
  },
  without: { node, marks: { 'addon-loaded': 190, main: 250, 'context-made': 404, opened: 476, written: 535 } },
});
/** A run of five rounds whose first opens with the prestart are OPENED. */
function launcherRun(t, opened, loaded = opened.map(() => true)) {
  const files = {};
  opened.forEach((ms, i) => {
    const m = marksOf(ms, loaded[i]);
    files[`floor-phases-${i + 1}.txt`] = m.with;
    files[`floor-phases-noprestart-${i + 1}.txt`] = m.without;
  });
  return makeRun(t, opened.flatMap((_, i) => round(i + 1)), files);
}

test('a launcher run shows both first opens, round by round, and meets the target where the median opened in time', (t) => {
  const text = launcherRun(t, [280, 290, 310, 270, 295]);
  assert.match(text, /^### The floor under the first open, with the prestart and the early open and without$/m);
  assert.ok(text.includes('| 3 | 213.0 | 103.0 | 95.0 | 205.0 | **310.0** | 404.0 | 476.0 | 0.400 | 0.400 | 0.500 |'), text);
  assert.ok(text.includes('the file\n  opened at **290.0** (270.0–310.0) ms'), text);
  assert.ok(text.includes('without the prestart and the early open: the file opened at **476.0** (476.0–476.0) ms'), text);
  assert.ok(text.includes('round by round: **186.0** (166.0–206.0) ms'), text);
  assert.match(text, /is met: the median\nfirst open with the prestart is 290\.0 ms \(4 of 5 rounds within 300 ms\)/);
  assert.ok(text.includes('**1.00** (1.00–1.00) with the prestart, **0.80** (0.80–0.80)'), text);
});

test('a median first open over 300 ms is said not to meet the target', (t) => {
  const text = launcherRun(t, [280, 320, 330, 310, 295]);
  assert.match(text, /is not met: the median\nfirst open with the prestart is 310\.0 ms \(2 of 5 rounds within 300 ms\)/);
});

test('rounds run without the library (a bundle without it) are said to measure nothing of it, whatever their times', (t) => {
  const text = launcherRun(t, [200, 210, 220, 230, 240], [true, false, true, true, true]);
  assert.match(text, /The prestart library was loaded in 4 of 5 rounds with it/);
  assert.doesNotMatch(text, /is met/);
});

test('a run from before the launcher (no floor-phases-noprestart files) renders the floor section it always had', (t) => {
  const records = [1, 2].flatMap((r) => round(r)).map(({ inspectNoPrestartSeconds: _without, ...l }) => l);
  const text = makeRun(t, records, { 'floor-phases-1.txt': marksOf(476, false).without });
  assert.match(text, /^### The floor under the first open$/m);
  assert.doesNotMatch(text, /prestart/);
});

test('measurements of a later session say so, with the commit its bundle was built from, beside the run\'s own', (t) => {
  const session = { commit: 'def5678', machine: 'NVIDIA H100 80GB HBM3, 580.159.04, 81559 MiB' };
  const files = {};
  const m = marksOf(280);
  files['floor-phases-1.txt'] = m.with;
  files['floor-phases-noprestart-1.txt'] = m.without;
  const text = makeRun(t, round(1), files, session);
  assert.ok(text.includes(`on ${session.machine}, in a later session of the run`), text);
  assert.ok(text.includes('from a bundle\nof commit `def5678` (the run\'s own commit is `abc1234`'), text);
  const plain = makeRun(t, round(1), files);
  assert.ok(!plain.includes('later session'), plain);
  assert.throws(() => makeRun(t, round(1), files, { commit: 'def5678' }), /names its commit and machine/);
});
