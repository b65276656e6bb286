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

// A run that failed tests may be the recorded one (it is the newest truth about the code it ran), but never quietly:
// its run notes explain each failure, and the page names every one, in every FFmpeg pass, with the pass's counts.
test('the recorded GPU run passed every test it ran, or the evidence names and explains each failure', () => {
  const evidence = fs.readFileSync(path.join(root, 'docs', 'gpu-evidence.md'), 'utf8');
  const run = /write-evidence\.mjs (docs\/gpu-runs\/[\w.-]+)/.exec(evidence)[1];
  const notesPath = path.join(root, run, 'run-notes.md');
  const notes = fs.existsSync(notesPath) ? fs.readFileSync(notesPath, 'utf8') : '';
  // tests.tap, and each further FFmpeg variant's pass the run made (tests-ffmpegV.tap).
  const variants = fs.readdirSync(path.join(root, run)).filter((f) => /^tests-ffmpeg[\w.-]+\.tap$/.test(f));
  assert.ok(fs.existsSync(path.join(root, run, 'tests.tap')), `${run} has tests.tap`);
  for (const name of ['tests.tap', ...variants]) {
    const file = path.join(root, run, name);
    const tap = fs.readFileSync(file, 'utf8');
    const count = (what) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(tap)[1]);
    assert.ok(count('pass') >= 30, `${name}: the pass ran the tier`);
    assert.ok(evidence.includes(`${count('pass')} passed, ${count('fail')} failed`), `the page gives ${name}'s counts`);
    const failed = [...tap.matchAll(/^not ok \d+ - (.*)$/gm)].map((m) => m[1]);
    assert.equal(failed.length, count('fail'), `${name}: one top-level line per failure`);
    for (const test of failed) {
      assert.ok(evidence.includes(`| FAILED | ${test} |`) || evidence.includes(`- failed: ${test}`), `the page names "${test}"`);
      const short = test.split(':')[0].replace(/ \(.*$/, '');
      assert.ok(notes.includes(short), `the run notes explain "${test}"`);
    }
  }
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

// The GPU evidence speaks for the native code it ran. A later change to native/ leaves the page describing code that
// no longer exists: either the tier runs again, or docs/gpu-pending.md lists every such change, from git's history,
// so that no reader takes the evidence for today's native code.
test('every change to native/ after the recorded GPU run is listed as not yet run on a GPU', (t) => {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/gpu/write-pending.mjs'), '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status === 3) return t.skip(r.stderr.trim());
  assert.equal(r.status, 0, r.stderr);
});
