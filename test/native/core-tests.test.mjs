// The core's C++ tests (native/test/core, built with the addon as native/build/tests/zci_core_tests): logic that
// needs no GPU, checked below the addon's seam. Each case's line is shown; a failed check fails this test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The build folder of the FFmpeg variant ZCI_FFMPEG names; a patched variant's binaries are copies of its series'
// build (scripts/gpu/patched-variant.sh), so its core tests are that build's.
const choice = process.env.ZCI_FFMPEG || 'system';
const build = choice === 'system' ? 'native/build' : `native/build-ffmpeg-${choice.replace(/-patched$/, '')}`;
const binary = path.join(root, build, 'tests/zci_core_tests');
// Where the addon was built here (its CMake cache is there), the tests were built with it and must run; a bundle that
// carries only the addon's binaries to another machine has no build folder and no tests.
const builtHere = fs.existsSync(path.join(root, build, 'CMakeCache.txt'));

test('the core C++ tests pass', { skip: !builtHere && `${build} is no build folder of this machine` }, () => {
  assert.ok(fs.existsSync(binary), `${binary} is missing: the addon's build makes it (ZCI_NATIVE_TESTS)`);
  const run = spawnSync(binary, { encoding: 'utf8', timeout: 120_000 });
  const output = `${run.stdout}${run.stderr}`;
  assert.equal(run.status, 0, output);
  assert.match(output, /^\d+ cases, 0 failed$/m, output);
  const cases = output.split('\n').filter((line) => line.startsWith('ok '));
  assert.ok(cases.length >= 10, `only ${cases.length} cases ran:\n${output}`);
});
