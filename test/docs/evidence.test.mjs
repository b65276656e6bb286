// The GPU evidence and benchmark documents are exactly what the recorded run's raw output produces.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('docs/gpu-evidence.md and docs/benchmarks.md regenerate byte for byte from their run', () => {
  const evidence = fs.readFileSync(path.join(root, 'docs', 'gpu-evidence.md'), 'utf8');
  const run = /write-evidence\.mjs (docs\/gpu-runs\/[\w.-]+)/.exec(evidence)?.[1];
  assert.ok(run, 'gpu-evidence.md names the run it was generated from');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/gpu/write-evidence.mjs'), run, '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
});

test('the recorded GPU run passed every test it ran', () => {
  const evidence = fs.readFileSync(path.join(root, 'docs', 'gpu-evidence.md'), 'utf8');
  const run = /write-evidence\.mjs (docs\/gpu-runs\/[\w.-]+)/.exec(evidence)[1];
  const tap = fs.readFileSync(path.join(root, run, 'tests.tap'), 'utf8');
  assert.match(tap, /^# fail 0$/m);
  assert.ok(Number(/^# pass (\d+)$/m.exec(tap)[1]) >= 30);
});
