#!/usr/bin/env node
// Writes docs/gpu-pending.md: the changes to native/ made after the recorded GPU run (the run docs/gpu-evidence.md was
// generated from), which no GPU has run yet. The evidence describes the run's commit; this page says, from git's
// history, what has changed in the native code since, so that no reader takes the evidence for the code of today.
// Usage: node scripts/gpu/write-pending.mjs [--check]   (--check: fail if the page differs)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { followUps } from './evidence/follow-ups.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const check = process.argv.includes('--check');
const evidence = fs.readFileSync(path.join(root, 'docs', 'gpu-evidence.md'), 'utf8');
const run = /write-evidence\.mjs (docs\/gpu-runs\/[\w.-]+)/.exec(evidence)?.[1];
if (run === undefined) {
  console.error('docs/gpu-evidence.md names no run');
  process.exit(1);
}
const commit = /^commit ([0-9a-f]{7,40})$/m.exec(fs.readFileSync(path.join(root, run, 'run.log'), 'utf8'))?.[1];
if (commit === undefined) {
  console.error(`${run}/run.log names no commit`);
  process.exit(1);
}
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
if (git('cat-file', '-e', `${commit}^{commit}`).status !== 0) {
  console.error(`the run's commit ${commit} is not in this clone's history (a shallow clone?)`);
  process.exit(3);
}
// %H, cut to 7 here: git's own %h grows with the clone's object count, and the page must read the same in every clone.
const changes = git('log', '--reverse', '--format=%H%x09%s', `${commit}..HEAD`, '--', 'native')
  .stdout.split('\n')
  .filter((line) => line !== '')
  .map((line) => line.split('\t'))
  .map(([sha, subject]) => [sha.slice(0, 7), subject]);
const out = ['# Native changes not yet run on a GPU', ''];
out.push(
  `[gpu-evidence.md](gpu-evidence.md) is the run of \`${commit.slice(0, 7)}\` ([\`${run}/\`](${path.relative('docs', run)}/)).`,
  '',
);
if (changes.length === 0) out.push('Nothing in `native/` has changed since: the evidence describes the native code of today.', '');
else {
  out.push(
    changes.length === 1
      ? 'This commit changed `native/` after it; its claims hold on the CPU tiers, and the GPU tier'
      : `These ${changes.length} commits changed \`native/\` after it; their claims hold on the CPU tiers, and the GPU tier`,
    `has not run ${changes.length === 1 ? 'it' : 'them'} yet as a whole (written by \`node scripts/gpu/write-pending.mjs\`):`,
    '',
  );
  for (const [sha, subject] of changes) out.push(`- \`${sha}\` ${subject.replace(/\|/g, '\\|')}`);
  out.push('');
  // Follow-ups (focus-N-COMMIT in the run's folder) ran some test files at a later commit: said, not counted as the tier.
  for (const f of followUps(path.join(root, run))) {
    const taps = fs.readdirSync(f.dir).filter((name) => name.endsWith('.tap')).sort();
    const where = `at \`${f.commit}\` ([\`${f.name}\`](${path.relative('docs', f.dir)}/), its notes say which)`;
    out.push(
      taps.length > 0
        ? `A follow-up ran some of the GPU tier's test files ${where}: ${taps.join(', ')}; the evidence's follow-up table gives their counts.`
        : `A follow-up ran commands of the command line, no test file, ${where}.`,
      '',
    );
  }
}
const text = out.join('\n');
const target = path.join(root, 'docs', 'gpu-pending.md');
if (check) {
  if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) {
    console.error('docs/gpu-pending.md is not what the history says: run node scripts/gpu/write-pending.mjs');
    process.exit(1);
  }
} else fs.writeFileSync(target, text);
