// NVDEC-only behaviour: fallback for streams NVDEC cannot decode, the surface pool, device choice.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, fixture, hasGpu } from '../native/helpers.mjs';

test('a stream NVDEC cannot decode falls back to software + upload, with the reason', { skip: !hasGpu }, async () => {
  const s = await addon.Session.open(fixture('h264-444-640x360.mp4'));
  try {
    assert.equal(s.info.decodePath, 'software-upload');
    assert.match(s.info.decodePathReason, /NVDEC on this GPU cannot decode h264 4:4:4 8-bit \(the driver's capability query/);
    const { report: r } = await s.show({ index: 5 });
    assert.equal(r.format.hwFormat, 'cuda');
    assert.equal(r.format.swFormat, 'yuv444p');
    assert.equal(r.wrap.bufferType, 'STRIDED_CUDA');
    assert.equal(r.aliasing.method, addon.environment().cvcuda.loaded ? 'cvcuda-flip' : 'device-kernel');
    assert.equal(r.aliasing.passed, true);
  } finally {
    s.close();
  }
  assert.equal(await codeOf(() => addon.Session.open(fixture('h264-444-640x360.mp4'), { decode: 'nvdec' })), 'NVDEC_UNAVAILABLE');
});

test('the inspector\'s held frames are reserved in the decoder\'s pool and never stall it', { skip: !hasGpu }, async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'), { holdFrames: 6 });
  try {
    let last;
    for (let n = 0; n < s.info.frameCount; n++) last = (await s.show({ index: n }, { proof: false })).report;
    assert.equal(last.pool.extraReserved, 6);
    assert.equal(last.pool.framesHeld, 6);
    assert.ok(last.pool.poolSize > 6, `pool of ${last.pool.poolSize}`);
    assert.ok(last.pool.distinctAddresses >= 1);
  } finally {
    s.close();
  }
});

test('a device ordinal that does not exist is NO_CUDA_DEVICE naming the count', { skip: !hasGpu }, async () => {
  const n = addon.environment().cuda.deviceCount;
  try {
    await addon.Session.open(fixture('h264-odd-642x362.mp4'), { device: n });
    assert.fail('opened');
  } catch (e) {
    assert.equal(e.code, 'NO_CUDA_DEVICE');
    assert.match(e.message, new RegExp(`has ${n} device`));
  }
});

test('software-upload on request puts host-decoded frames in CUDA memory', { skip: !hasGpu }, async () => {
  const s = await addon.Session.open(fixture('hevc-main10-1280x720.mp4'), { decode: 'software-upload' });
  try {
    const { report: r } = await s.show({ index: 2 });
    assert.equal(s.info.decodePath, 'software-upload');
    assert.equal(r.format.hwFormat, 'cuda');
    assert.equal(r.format.swFormat, 'p016le');
    assert.equal(r.allocation.memory, 'device');
    assert.equal(r.aliasing.passed, true);
  } finally {
    s.close();
  }
});
