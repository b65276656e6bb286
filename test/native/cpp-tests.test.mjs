// The native C++ tests (native/test), built with the addon by cmake-js (npx cmake-js compile -d native) into
// native/build/tests: each binary runs its cases, one process each, and its exit status is the verdict. CPU only.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildDirs = ['native/build/tests', 'native/build/Release/tests', 'native/build'];

function find(binary) {
  for (const dir of buildDirs) {
    const file = path.join(root, dir, binary);
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

for (const binary of ['zci_pool_tests']) {
  const file = find(binary);
  const skip = file ? false : `${binary} is not built (npx cmake-js compile -d native builds it into native/build/tests)`;
  test(`${binary}: the NVDEC pool library against a fake driver libnvcuvid`, { skip }, (t) => {
    const run = spawnSync(file, [], { encoding: 'utf8', timeout: 180_000 });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    for (const line of output.trimEnd().split('\n')) t.diagnostic(line);
    assert.equal(run.error, undefined, `${binary} did not run: ${run.error}`);
    assert.equal(run.status, 0, `${binary} exited with ${run.status ?? run.signal}:\n${output}`);
    assert.match(run.stdout, /^# \d+ passed, 0 failed$/m, output);
  });
}
