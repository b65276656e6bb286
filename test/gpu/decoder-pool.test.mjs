// The NVDEC decoder pool (native/src/nvdec_pool): decoders FFmpeg gives up are parked and handed back to a later open
// or seek with the same parameters. The frames they decode must be the frames a decoder made for the file decodes:
// the same facts and the same pixels, frame by frame, against a process with the pool turned off.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';
import { FILES, decodersGivenBack, fingerprints } from './decoder-pool.fingerprint.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The same fingerprints from a process with the pool turned off: every decoder made for its file. */
function withoutPool() {
  const out = execFileSync(process.execPath, [path.join(here, 'decoder-pool.child.mjs')], {
    env: { ...process.env, ZCI_DECODER_POOL_MB: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString());
}

test('the decoder pool is in use on a machine with NVDEC, with its budget', { skip: !hasGpu }, () => {
  const pool = addon.environment().decoderPool;
  assert.equal(pool.active, true, `pool not in use: ${pool.error}`);
  assert.equal(pool.error, null);
  assert.match(pool.path, /libzci_nvdec_pool\.so$/);
  assert.equal(pool.budgetBytes, 1024 * 1024 * 1024);
});

test('reused decoders decode the same frames as decoders made for the file', { skip: !hasGpu }, async () => {
  const reference = withoutPool();
  assert.equal(reference.pool.active, false);
  assert.match(reference.pool.error, /turned off/);
  const before = addon.environment().decoderPool;
  // Two rounds over the files: the second opens every file with a decoder the first parked (the odd and the damaged
  // clip share their parameters, so the damaged one also gets the odd one's decoder, surfaces and all).
  for (let round = 0; round < 2; round++) {
    for (const file of FILES) {
      const got = await fingerprints(fixture(file));
      assert.deepEqual(got, reference.files[file], `${file}, round ${round}`);
    }
  }
  const after = addon.environment().decoderPool;
  assert.ok(after.reused - before.reused >= FILES.length, `reused ${after.reused - before.reused}`);
  assert.ok(after.capsCached > before.capsCached, 'capability queries answered from the cache');
  assert.ok(reference.pool.reused === 0 && reference.pool.created === 0, 'the reference made its own decoders');
});

test('giving up the retained primary context takes its parked decoders with it', { skip: !hasGpu }, async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  await s.show({ index: 1 });
  s.close();
  await decodersGivenBack();
  assert.ok(addon.environment().decoderPool.parked >= 1);
  // FFmpeg's own primary-context flag: the inspector gives its retain of the context back first, and the pool lets go
  // of that context's decoders. (FFmpeg then refuses the flag, since the runtime made the context with others.)
  const opened = addon.Session.open(fixture('h264-odd-642x362.mp4'), { context: 'ffmpeg-primary' });
  await opened.then((own) => own.close(), (e) => assert.equal(e.code, 'CUDA_ERROR'));
  await decodersGivenBack();
  assert.equal(addon.environment().decoderPool.parked, 0);
  // The shared context is kept again by the next open, and parks again.
  const again = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  assert.equal((await again.show({ index: 1 })).report.aliasing.passed, true);
  again.close();
  await decodersGivenBack();
  assert.ok(addon.environment().decoderPool.parked >= 1);
});

test('a reused decoder is faster to open than a new one', { skip: !hasGpu }, async () => {
  const clip = fixture('h264-1080p-420.mp4');
  const timeOpen = async () => {
    const t0 = performance.now();
    const s = await addon.Session.open(clip);
    await s.show({ index: 0 }, { proof: false });
    const ms = performance.now() - t0;
    s.close();
    await decodersGivenBack();
    return ms;
  };
  await timeOpen(); // parks a decoder for the clip
  const reusedBefore = addon.environment().decoderPool.reused;
  const warm = await timeOpen();
  assert.equal(addon.environment().decoderPool.reused, reusedBefore + 1);
  // A decoder made from nothing costs the driver tens of milliseconds (docs/benchmarks.md, 2f).
  assert.ok(warm < 40, `open with a parked decoder took ${warm.toFixed(1)} ms`);
});
