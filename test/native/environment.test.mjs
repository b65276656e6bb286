// The addon loads without a GPU and says what it found.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, hasGpu } from './helpers.mjs';

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
