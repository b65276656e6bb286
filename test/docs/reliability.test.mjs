// docs/reliability.md is exactly what its recorded run's raw output produces.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('docs/reliability.md regenerates byte for byte from its run', () => {
  const doc = fs.readFileSync(path.join(root, 'docs', 'reliability.md'), 'utf8');
  // The run, then any later runs of the mutation script alone.
  const runs = /write\.mjs (docs\/reliability-runs\/[\w.-]+(?: docs\/reliability-runs\/[\w.-]+)*)`/.exec(doc)?.[1];
  assert.ok(runs, 'reliability.md names the run it was generated from');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/reliability/write.mjs'), ...runs.split(' '), '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
});

test('the recorded reliability run failed nothing and found nothing', () => {
  const doc = fs.readFileSync(path.join(root, 'docs', 'reliability.md'), 'utf8');
  assert.doesNotMatch(doc, /\*\*\d+ failed\*\*|\*\*failed\*\*/);
  assert.match(doc, /\| crashes, sanitizer reports, timeouts, out-of-memory \| 0 \|/);
  assert.match(doc, /LeakSanitizer found no leaks/);
});

test('every fault the mutation script plants is in the record, caught', () => {
  const doc = fs.readFileSync(path.join(root, 'docs', 'reliability.md'), 'utf8');
  const script = fs.readFileSync(path.join(root, 'scripts', 'mutation', 'native-mutants.mjs'), 'utf8');
  const planted = [...script.matchAll(/^\s*id: '([\w-]+)',$/gm)].map((m) => m[1]);
  assert.ok(planted.length > 0, 'the script names its faults');
  for (const id of planted) assert.match(doc, new RegExp(`\\| ${id}: .* \\| caught \\|`), `${id} is not recorded as caught`);
});

// The code the run exercises: the app's rooms (the contract and its wording among them) and the native core.
const EXERCISED = ['contract', 'wording', 'electron', 'native'];

test('the recorded reliability run is at or after the last change to contract/, wording/, electron/ and native/', (t) => {
  const doc = fs.readFileSync(path.join(root, 'docs', 'reliability.md'), 'utf8');
  const run = /write\.mjs (docs\/reliability-runs\/[\w.-]+)/.exec(doc)?.[1];
  const commit = fs.readFileSync(path.join(root, run, 'COMMIT'), 'utf8').trim();
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (git('rev-parse', '--is-inside-work-tree').status !== 0) return t.skip('not a git checkout');
  if (git('cat-file', '-e', `${commit}^{commit}`).status !== 0)
    return t.skip(`the run's commit ${commit} is not in this clone's history (a shallow clone)`);
  const later = git('log', '--format=%h %s', `${commit}..HEAD`, '--', ...EXERCISED).stdout.trim();
  assert.equal(later, '', `changed after the run at ${commit}; run scripts/reliability/run.sh again:\n${later}`);
});
