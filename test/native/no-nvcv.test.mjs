// Without NVCV anywhere on the search path, the addon says so and everything else still works.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

test('no NVCV: the environment explains, frames still decode and report', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-home-'));
  // A bare environment: no Python with CV-CUDA, no explicit path, no library path.
  const env = { PATH: '/usr/bin:/bin', HOME: home };
  if (process.env.ZCI_TEST_LD_LIBRARY_PATH) env.LD_LIBRARY_PATH = process.env.ZCI_TEST_LD_LIBRARY_PATH;
  const out = execFileSync(process.execPath, [path.join(here, 'no-nvcv.child.mjs')], { env, encoding: 'utf8' });
  fs.rmSync(home, { recursive: true, force: true });
  const { environment, info, report } = JSON.parse(out);
  assert.equal(environment.nvcv.loaded, false);
  assert.match(environment.nvcv.error, /libnvcv_types was not found/);
  assert.ok(environment.nvcv.searched.length >= 2);
  assert.equal(info.frameCount, 36);
  assert.equal(report.wrap.available, false);
  assert.match(report.wrap.reason, /NVCV is not loaded/);
  assert.equal(report.aliasing.ran, false);
  assert.ok(report.planes.every((p) => p.nvcvPointer === null && p.match === null));
  assert.ok(report.planes[0].pitch >= report.planes[0].visibleBytesPerRow);
});
