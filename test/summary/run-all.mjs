// `npm test`: build, lint, unit + component + integration tests, native tests, end-to-end tests, then one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const results = path.join(root, 'test-results');
const vitestJson = path.join(results, 'vitest.json');
const e2eJson = path.join(results, 'e2e.json');
const nativeTap = path.join(results, 'native.tap');

/** Runs an npm script or npx command in the repository, streaming its output; returns its exit code. */
function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

/** Reads a JSON report, or null when the runner wrote none. */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

mkdirSync(results, { recursive: true });
for (const file of [vitestJson, e2eJson, nativeTap]) rmSync(file, { force: true });

// ZCI_BUSY_CORES=N loads the machine while the suite runs: N processes that spin for ever, killed at the end. The
// suite must pass under it (no test asserts speed); the summary records the load beside the result.
const HOG = 'for (;;) {}';
const busyCores = Number(process.env.ZCI_BUSY_CORES ?? 0);
const hogs = Array.from({ length: Number.isInteger(busyCores) && busyCores > 0 ? busyCores : 0 }, () =>
  spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }),
);
if (hogs.length > 0)
  process.stdout.write(`\n=== load: ${hogs.length} × node -e '${HOG}' on ${os.cpus().length} cores\n`);
const startedAt = new Date();

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// Build and lint count as one check each, reported only when they fail.
for (const [label, script] of [
  ['build', 'build'],
  ['lint', 'lint:js'],
  ['lint native', 'lint:native'],
  // The addon variant against FFmpeg 7.1, before the tests: the native tests run against it too (below).
  ['build against FFmpeg 7.1', 'build:native:ffmpeg7'],
]) {
  if (run(label, 'npm', ['run', '--silent', script]) !== 0) {
    failed += 1;
    failures.push(label);
  }
}

run('unit, component and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest === null) {
  failed += 1;
  failures.push('vitest wrote no report');
} else {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  if (vitest.numFailedTests > 0) failures.push(`${vitest.numFailedTests} vitest test(s)`);
}

// The addon's own tests use node:test; their TAP totals are read back.
run('native tests (node:test)', process.execPath, [
  '--expose-gc',
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=tap',
  `--test-reporter-destination=${nativeTap}`,
  'test/native/',
  'test/gpu/',
  'test/docs/',
]);
/** Adds a node:test TAP report's totals to the summary; a missing or empty report counts as a failure. */
function addTap(file, suffix = '') {
  const tap = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (tap === '') {
    failed += 1;
    failures.push(`node:test wrote no report${suffix}`);
    return;
  }
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  const bad = count('fail') + count('cancelled');
  passed += count('pass');
  failed += bad;
  skipped += count('skipped') + count('todo');
  if (bad > 0) failures.push(`${bad} native test(s)${suffix}`);
}
addTap(nativeTap);

// The same native tests against the other FFmpeg series users run: 7.1 (Debian 13's source), built here with the
// addon variant that carries it (npm run build:native:ffmpeg7); ZCI_FFMPEG makes the loader pick that variant.
{
  const nativeTap71 = path.join(results, 'native-ffmpeg-7.1.tap');
  rmSync(nativeTap71, { force: true });
  if (existsSync(path.join(root, 'native', 'build-ffmpeg-7.1', 'Release', 'zerocopy_inspector.node'))) {
    run(
      'native tests against FFmpeg 7.1 (node:test)',
      process.execPath,
      [
        '--expose-gc',
        '--test',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${nativeTap71}`,
        'test/native/',
      ],
      { ZCI_FFMPEG: '7.1' },
    );
    addTap(nativeTap71, ' against FFmpeg 7.1');
  }
}

// The recorder users add to their own process (python/, include/): its package, its unit tests and the C header.
// Before the end-to-end tests, which open a capture it writes.
{
  const result = spawnSync('bash', ['scripts/python/test.sh'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(
    `\n=== recorder (python/, include/): bash scripts/python/test.sh\n${result.stdout}${result.stderr}`,
  );
  const counts = /^recorder: (\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(result.stdout);
  if (counts === null) {
    failed += 1;
    failures.push('recorder tests wrote no summary');
  } else {
    passed += Number(counts[1]);
    failed += Number(counts[2]);
    skipped += Number(counts[3]);
    if (Number(counts[2]) > 0 || result.status !== 0) failures.push(`${counts[2]} recorder test(s)`);
  }
}

// The libFuzzer harness over the native path (open, probe, index, decode, wrap, evidence), for a bounded time.
const fuzzSeconds = process.env.ZCI_FUZZ_SECONDS ?? '60';
if (run('fuzzing (libFuzzer, ASan, UBSan)', 'bash', ['scripts/fuzz/run.sh', fuzzSeconds]) === 0) passed += 1;
else {
  failed += 1;
  failures.push('fuzzing (see .cache/fuzz/last-run.log)');
}

// Scripted mutations of the native core, one at a time: each must fail the native tests that guard it.
{
  const result = spawnSync(process.execPath, ['scripts/mutation/native-mutants.mjs'], { cwd: root, encoding: 'utf8' });
  process.stdout.write(
    `\n=== mutation (native): node scripts/mutation/native-mutants.mjs\n${result.stdout}${result.stderr}`,
  );
  const counts = /^mutants: (\d+) passed, (\d+) failed$/m.exec(result.stdout);
  if (counts === null || result.status !== 0) {
    failed += Math.max(1, counts === null ? 0 : Number(counts[2]));
    failures.push('native mutants (a planted fault survived, or the script failed)');
  }
  if (counts !== null) passed += Number(counts[1]);
}

// StrykerJS over the TypeScript verdict and check modules (stryker.config.json): fails under its break threshold.
{
  // The gate below reads this run's report, never one an earlier run left.
  const mutationJson = path.join(results, 'mutation.json');
  rmSync(mutationJson, { force: true });
  const result = spawnSync('npx', ['stryker', 'run'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const out = `${result.stdout}${result.stderr}`;
  const table = out.split('\n').filter((l) => /% Mutation score|^File|^All files|\.ts +\||^-+\|/.test(l));
  const score = /Final mutation score of ([\d.]+)/.exec(out)?.[1] ?? '?';
  process.stdout.write(`\n=== mutation (TypeScript): npx stryker run\n${table.join('\n')}\nmutation score ${score}\n`);
  if (result.status === 0) passed += 1;
  else {
    failed += 1;
    failures.push(
      `TypeScript mutation score ${score} (under the break threshold in stryker.config.json, or Stryker failed)`,
    );
    process.stdout.write(out.split('\n').slice(-40).join('\n'));
  }
  // Whatever the score: no mutant may survive where a check or verdict is decided. One check when none does; each
  // survivor counts as a failure of its own.
  const gate = spawnSync(process.execPath, ['scripts/mutation/red-green-gate.mjs', mutationJson], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stdout.write(
    `\n=== mutation (verdicts): node scripts/mutation/red-green-gate.mjs\n${gate.stdout}${gate.stderr}`,
  );
  const verdictCounts = /^verdict mutants: (\d+) passed, (\d+) failed$/m.exec(gate.stdout);
  if (gate.status === 0 && verdictCounts !== null) passed += 1;
  else {
    const survivors = verdictCounts === null ? 0 : Number(verdictCounts[2]);
    failed += Math.max(1, survivors);
    failures.push(
      survivors > 0
        ? `${survivors} mutant(s) that turn a check or verdict survived (scripts/mutation/red-green-gate.mjs)`
        : 'the verdict mutation gate found no report or no verdict mutant in it (scripts/mutation/red-green-gate.mjs)',
    );
  }
}

// LeakSanitizer over the native core's paths (every fixture, every frame, the error paths): zero leaks.
if (run('leak check (LeakSanitizer)', 'bash', ['scripts/fuzz/leakcheck.sh']) === 0) passed += 1;
else {
  failed += 1;
  failures.push('leak check');
}

if (existsSync(path.join(root, 'out', 'serve', 'index.js'))) {
  run('end-to-end tests', 'npx', ['playwright', 'test']);
  const e2e = readJson(e2eJson);
  if (e2e === null) {
    failed += 1;
    failures.push('playwright wrote no report');
  } else {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
    if (e2e.stats.unexpected > 0) failures.push(`${e2e.stats.unexpected} end-to-end test(s)`);
  }
} else {
  failed += 1;
  failures.push('end-to-end tests (no build)');
}

for (const hog of hogs) hog.kill('SIGKILL');
const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || null;
writeFileSync(
  path.join(results, 'summary.json'),
  `${JSON.stringify(
    {
      commit,
      startedAt: startedAt.toISOString(),
      endedAt: new Date().toISOString(),
      cores: os.cpus().length,
      load: hogs.length > 0 ? { processes: hogs.length, command: `node -e '${HOG}'` } : null,
      passed,
      failed,
      skipped,
      failures,
    },
    null,
    1,
  )}\n`,
);
if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);
