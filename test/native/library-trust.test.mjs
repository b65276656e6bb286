// A library path names code: the loader refuses a copy of libnvcv_types that others may write, loads a sound one.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { addon } from './helpers.mjs';

const real = addon.environment().nvcv;

/** The NVCV status a fresh process reports with ZCI_NVCV_PATH set to folder, in an environment with no wheels. */
function statusWith(folder) {
  const env = { PATH: '/usr/bin:/bin', HOME: folder, ZCI_NVCV_PATH: folder };
  if (process.env.ZCI_TEST_LD_LIBRARY_PATH) env.LD_LIBRARY_PATH = process.env.ZCI_TEST_LD_LIBRARY_PATH;
  const script = `process.stdout.write(JSON.stringify(require(${JSON.stringify(path.resolve('native/index.cjs'))}).environment().nvcv))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' }));
}

test('a library others may write is not loaded; the same file kept private is', { skip: !real.loaded }, () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-trust-'));
  try {
    const name = path.basename(real.path);
    const loose = path.join(base, 'loose');
    const tight = path.join(base, 'tight');
    for (const [folder, mode] of [
      [loose, 0o666],
      [tight, 0o644],
    ]) {
      fs.mkdirSync(folder);
      fs.copyFileSync(real.path, path.join(folder, name));
      fs.chmodSync(path.join(folder, name), mode);
    }
    const refused = statusWith(loose);
    assert.equal(refused.loaded, false);
    assert.ok(refused.searched.includes(path.join(loose, name)));
    assert.match(refused.error, /is writable by others \(mode 666\): not loaded/);
    const loaded = statusWith(tight);
    assert.equal(loaded.loaded, true);
    assert.equal(loaded.path, path.join(tight, name));
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
