// The addon loads without a GPU and says what it found.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { test } from 'node:test';

import { addon, fixture, hasGpu } from './helpers.mjs';

const require = createRequire(import.meta.url);

test('environment names FFmpeg versions and whether it has the CUDA hwaccel', () => {
  const env = addon.environment();
  assert.match(env.ffmpeg.libavcodec, /^\d+\.\d+\.\d+$/);
  assert.equal(env.ffmpeg.cudaHwaccel, true);
  assert.match(env.cuda.runtimeVersion, /^1[23]\.\d$/);
});

test('without a GPU the CUDA section carries the runtime error instead of devices', { skip: hasGpu }, () => {
  const { cuda } = addon.environment();
  assert.equal(cuda.deviceCount, 0);
  assert.deepEqual(cuda.devices, []);
  assert.match(cuda.error, /cudaError/);
});

test('with a GPU every device has a name, compute capability and memory', { skip: !hasGpu }, () => {
  const { cuda } = addon.environment();
  assert.ok(cuda.deviceCount >= 1);
  for (const d of cuda.devices) {
    assert.ok(d.name.length > 0);
    assert.match(d.computeCapability, /^\d+\.\d+$/);
    assert.ok(d.totalMemory > 1e9);
  }
});

test('without a GPU NVDEC\'s capability table is empty and says why', { skip: hasGpu }, () => {
  const { nvdecCaps } = addon.environment();
  assert.deepEqual(nvdecCaps.rows, []);
  assert.match(nvdecCaps.error, /no CUDA device/);
});

test('environment({ nvdecCaps: false }) leaves the capability table out and says so; other options are refused', async () => {
  const without = addon.environment({ nvdecCaps: false });
  assert.deepEqual(without.nvdecCaps.rows, []);
  assert.match(without.nvdecCaps.error, hasGpu ? /^not asked/ : /no CUDA device/);
  if (hasGpu) assert.ok(addon.environment({ nvdecCaps: true }).nvdecCaps.rows.length > 0);
  assert.throws(() => addon.environment({ nvdecCaps: 1 }), { code: 'INVALID_ARGUMENT' });
  assert.throws(() => addon.environment('all'), { code: 'INVALID_ARGUMENT' });
  await assert.rejects(addon.environmentAsync({ nvdecCaps: 'yes' }), { code: 'INVALID_ARGUMENT' });
  assert.deepEqual((await addon.environmentAsync({ nvdecCaps: false })).nvdecCaps.rows, []);
});

test('on a GPU an open asks for its own stream\'s capability row, not the whole table', { skip: !hasGpu }, () => {
  // A process of its own: the tests above asked for the whole table in this one.
  const script = `
    const addon = require(${JSON.stringify(require.resolve('../../native/index.cjs'))});
    addon.Session.open(${JSON.stringify(fixture('h264-1080p-420.mp4'))}, { decode: 'nvdec' }).then((session) => {
      const { decoderPool } = addon.environment({ nvdecCaps: false });
      session.close();
      process.stdout.write(JSON.stringify(decoderPool));
    });`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 120_000 });
  const pool = JSON.parse(run.stdout || 'null');
  assert.ok(pool !== null, run.stderr);
  // The pool library counts the capability queries the driver answered: one open asks a handful, not the table's 108.
  assert.ok(pool.capsQueries < 108, `${pool.capsQueries} capability queries for one open`);
});
