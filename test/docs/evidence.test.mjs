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

test('the memcheck table lists every test its log skipped, with the reason the test gave', () => {
  const evidence = fs.readFileSync(path.join(root, 'docs', 'gpu-evidence.md'), 'utf8');
  const section = evidence.split('## compute-sanitizer memcheck over the GPU tier')[1];
  assert.ok(section, 'gpu-evidence.md has a memcheck section');
  const logPath = /`(docs\/gpu-runs\/[\w.-]+\/memcheck\.log)`/.exec(section)?.[1] ?? `${/write-evidence\.mjs (docs\/gpu-runs\/[\w.-]+)/.exec(evidence)[1]}/memcheck.log`;
  const log = fs.readFileSync(path.join(root, logPath), 'utf8');
  const skipped = [...log.matchAll(/^ *﹣ (.*?)(?: \([\d.]+m?s\))?(?: # (.*))?$/gm)].map((m) => ({ name: m[1], reason: m[2] }));
  const total = [...log.matchAll(/^ℹ skipped (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
  assert.equal(skipped.length, total, `${logPath} names every test it skipped`);
  assert.match(section, new RegExp(`^\\| tests under memcheck \\| \\d+ passed, \\d+ failed, ${total} skipped`, 'm'));
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && line.includes(' | '));
  for (const { name, reason } of skipped) {
    assert.ok(reason, `${name}: the log gives a reason`);
    assert.ok(
      rows.some((row) => row.includes(name.replace(/\|/g, '\\|')) && row.includes(reason.replace(/\|/g, '\\|'))),
      `the memcheck table lists "${name}" with its reason`,
    );
  }
});
