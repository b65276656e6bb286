// The Ray scan's section of docs/benchmarks.md (scripts/gpu/evidence/bench-ray.mjs), rendered from runs made here
// with ray/ray-bench.jsonl as scripts/gpu/ray-scan-bench.sh writes it: the ratio Ray / plain is the median of the
// rounds against the target of within 10 % (met only where both scans did the same work), the merged results are
// judged identical only when every round's were, the machine is named, and a run without the file (nor a recorded
// run beside it with one) gets no section.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { writeRayBenchmarks } from '../../scripts/gpu/evidence/bench-ray.mjs';

const MACHINE = 'NVIDIA H100 80GB HBM3, 580.95.05, 81559 MiB';

/** A folder of runs, removed when the test ends. @param {import('node:test').TestContext} t */
function runsFolder(t) {
  const runs = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ray-'));
  t.after(() => fs.rmSync(runs, { recursive: true, force: true }));
  return runs;
}

/** A run folder holding the records given as ray/ray-bench.jsonl (none: no ray/ folder). */
function makeRun(runs, name, records, date = '2026-12-06T08:00:00.000Z') {
  const dir = path.join(runs, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'run.log'), `# machine\n${MACHINE}\ncommit ${name}\n`);
  fs.writeFileSync(path.join(dir, 'reports.json'), JSON.stringify({ date }));
  if (records) {
    fs.mkdirSync(path.join(dir, 'ray'));
    fs.writeFileSync(path.join(dir, 'ray', 'ray-bench.jsonl'), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  }
  return dir;
}

const setup = {
  bench: 'ray-setup',
  ray: '2.60.0',
  python: '3.12.3',
  gpus: 1,
  files: 244,
  bytes: 37560970,
  decoders: 4,
  decode: null,
  proofEvery: null,
  rounds: 3,
  installSeconds: 20.5,
  startSeconds: 4.1,
};
const scan = (round, kind, seconds, frames = 9738) => ({ bench: 'ray-scan', round, kind, seconds, files: 244, frames, exit: 1 });
const same = (round) => ({
  bench: 'ray-identical',
  round,
  plainLines: 244,
  rayLines: 244,
  differing: 0,
  first: null,
  summaryIdentical: true,
});

/** The section a run renders. */
function render(root, runDir) {
  const bm = [];
  writeRayBenchmarks({ root, runDir, machine: MACHINE, commit: path.basename(runDir) }, bm);
  return bm.join('\n');
}

test('the ratio is the median of the rounds, judged against within 10 %, and identical results are said so', (t) => {
  const runs = runsFolder(t);
  // Ray / plain: 1.05, 1.12, 1.08: the median 1.08, two of three rounds at or under 1.10.
  const records = [setup, scan(1, 'plain', 10), scan(1, 'ray', 10.5), same(1), scan(2, 'plain', 10), scan(2, 'ray', 11.2)];
  records.push(same(2), scan(3, 'plain', 12.5), scan(3, 'ray', 13.5), same(3));
  const runDir = makeRun(runs, 'abc1234', records);
  const text = render(runs, runDir);
  assert.match(text, /^## The Ray scan beside the plain scan$/m);
  assert.ok(text.includes(`on ${MACHINE}, in the run of [gpu-evidence.md](gpu-evidence.md) (commit \`abc1234\`)`), text);
  assert.ok(text.includes('| 2 | 10.000 | 11.200 | **1.12** | 244 / 244 | 9738 / 9738 | 1 / 1 |'), text);
  assert.ok(text.includes('Ray / plain, median of the rounds **1.08** (1.05–1.12; 2 of 3 rounds at or under'), text);
  assert.match(text, /\(target within 10 %: met\)/);
  assert.match(text, /\*\*identical in 3 of 3 rounds\*\* \(target: identical: met\)/);
  assert.match(text, /every scan covered the same 244 files and 9738 frames/);
  assert.match(text, /`--decoders 4 --no-captures`/);
  assert.match(text, /\*\*244 files, 37,560,970\s+bytes\*\*/);
});

test('a slow Ray scan and a round whose results differ are both NOT met, the difference named', (t) => {
  const runs = runsFolder(t);
  const differs = {
    bench: 'ray-identical',
    round: 2,
    plainLines: 244,
    rayLines: 244,
    differing: 1,
    first: 'corpus/vp9-640x361-0.webm: stream.decodePath: plain "nvdec" / ray "software-upload"',
    summaryIdentical: false,
  };
  const records = [{ ...setup, decode: 'nvdec', proofEvery: 30 }, scan(1, 'plain', 10), scan(1, 'ray', 12), same(1)];
  records.push(scan(2, 'plain', 10), scan(2, 'ray', 11.5), differs, scan(3, 'plain', 10), scan(3, 'ray', 10.9), same(3));
  records.push({ bench: 'plain-repeat', round: 1, warmLines: 244, plainLines: 244, differing: 0, first: null });
  const text = render(runs, makeRun(runs, 'def5678', records));
  assert.ok(text.includes('Ray / plain, median of the rounds **1.15** (1.09–1.20; 1 of 3 rounds'), text);
  assert.match(text, /\(target within 10 %: NOT met\)/);
  assert.match(text, /\*\*identical in 2 of 3 rounds\*\* \(target: identical: NOT met\)/);
  assert.match(text, /the printed summaries differed in 1 of 3 rounds/);
  assert.ok(text.includes('Round 2: 1 of 244 lines differ; the first: `corpus/vp9-640x361-0.webm: stream.decodePath'), text);
  assert.match(text, /`--decoders 4 --no-captures --decode nvdec --proof-every 30`/);
  assert.match(text, /identical in 1 of 1 rounds\.$/m);
});

test('a round left uncompared, or scans of other work, are not taken for identical results', (t) => {
  const runs = runsFolder(t);
  const records = [setup, scan(1, 'plain', 10), scan(1, 'ray', 10.2, 9000), same(1), scan(2, 'plain', 10), scan(2, 'ray', 10.1)];
  const text = render(runs, makeRun(runs, 'aaa1111', records));
  assert.match(text, /\*\*identical in 1 of 2 rounds\*\* \(target: identical: NOT met\)/);
  assert.match(text, /the scans covered different work \(files 244; frames 9738, 9000\)/);
  assert.match(text, /\(target within 10 %: NOT met\)/, 'times of other work meet no target');
});

test('a run without ray/ray-bench.jsonl shows the recorded run that has one, named, and nothing where none has', (t) => {
  const runs = runsFolder(t);
  const bare = makeRun(runs, 'bbb2222', null, '2026-12-07T08:00:00.000Z');
  assert.equal(render(runs, bare), '', 'no run has the file: no section');
  makeRun(runs, 'ccc3333', [setup, scan(1, 'plain', 10), scan(1, 'ray', 10.4), same(1)], '2026-12-06T08:00:00.000Z');
  const text = render(runs, bare);
  assert.ok(text.includes(`on ${MACHINE}, in the run [\``), text);
  assert.match(text, /\(commit `ccc3333`, 2026-12-06T08:00:00.000Z\), the newest recorded run\s+with a Ray scan benchmark/);
  assert.match(text, /at `bbb2222`, made none/);
});

test('a run with ray-large/ shows the same scans over the longer corpus after the first, judged on their own', (t) => {
  const runs = runsFolder(t);
  const runDir = makeRun(runs, 'eee5555', [setup, scan(1, 'plain', 6.6), scan(1, 'ray', 7.5), same(1)]);
  const none = render(runs, runDir);
  assert.ok(!none.includes('over a larger corpus'), 'no ray-large/: no second part');
  fs.mkdirSync(path.join(runDir, 'ray-large'));
  const large = [{ ...setup, files: 980, bytes: 150245280 }, scan(1, 'plain', 26), scan(1, 'ray', 26.8), same(1)];
  fs.writeFileSync(path.join(runDir, 'ray-large', 'ray-bench.jsonl'), large.map((r) => `${JSON.stringify(r)}\n`).join(''));
  const text = render(runs, runDir);
  const [first, second] = text.split('### The same, over a larger corpus');
  assert.ok(second !== undefined, text);
  assert.match(first ?? '', /median of the rounds \*\*1\.14\*\*/);
  assert.match(first ?? '', /\(target within 10 %: NOT met\)/);
  assert.match(second, /\*\*980 files, 150,245,280\s+bytes\*\*/);
  assert.match(second, /median of the rounds \*\*1\.03\*\*/);
  assert.match(second, /\(target within 10 %: met\)/);
});

test("the Ray rounds' phase marks make a table and the medians before and after the inspector's scan", (t) => {
  const runs = runsFolder(t);
  const phases = (round, started) => ({
    bench: 'ray-phases',
    round,
    phases: {
      origin: 'process',
      driver: { planned: 250, 'ray-imported': 330, connected: started - 20, written: started + 6000 + 25 },
      actors: [{ shard: 0, 'actor-constructed': started - 5, 'subprocess-started': started, 'subprocess-ended': started + 6000 }],
    },
  });
  // Two rounds: the median is the upper one (stats.mjs), 800 ms.
  const records = [setup, scan(1, 'plain', 6), scan(1, 'ray', 6.8), same(1), phases(1, 800)];
  records.push(scan(2, 'plain', 6), scan(2, 'ray', 6.4), same(2), phases(2, 380), { bench: 'ray-phases', round: 3, phases: null });
  const text = render(runs, makeRun(runs, 'abc1234', records));
  assert.ok(text.includes('| round | files keyed | Ray imported | joined | actor made | scan started | scan ended | written |'), text);
  assert.ok(text.includes('| 1 | 250.0 | 330.0 | 780.0 | 795.0 | **800.0** | 6800.0 | 6825.0 |'), text);
  assert.match(text, /before the scan, median of the rounds: \*\*800\.0 ms\*\*; after it, to the merged results written: 25\.0 ms/);
});

test('a run from before the phase marks has no such table', (t) => {
  const runs = runsFolder(t);
  const text = render(runs, makeRun(runs, 'abc1234', [setup, scan(1, 'plain', 6), scan(1, 'ray', 6.8), same(1)]));
  assert.doesNotMatch(text, /Where each Ray scan's time went/);
});
