// One frame request that brings back the report, the plane thumbnails and an operator preview in one call.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, bandIndex, codeOf, fixture, hasGpu } from './helpers.mjs';

test('show answers the report, the thumbnails and the preview of the same frame in one call', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    for (const n of [0, 1, 2, 30, 5]) {
      const r = await s.show(n, { thumbnailWidth: 64, preview: { op: 'reference', maxWidth: 96 } });
      assert.equal(r.report.frameIndex, n);
      assert.equal(await bandIndex(s), n % 256, `the session holds frame ${n} afterwards`);
      const direct = await s.thumbnails(64);
      assert.deepEqual(
        r.thumbnails.map((t) => [t.name, t.width, t.height, Buffer.from(t.data).toString('base64')]),
        direct.map((t) => [t.name, t.width, t.height, Buffer.from(t.data).toString('base64')]),
      );
      const reference = await s.preview({ op: 'reference', maxWidth: 96 });
      assert.equal(r.preview.op, 'reference');
      assert.deepEqual(Buffer.from(r.preview.reference.rgb), Buffer.from(reference.reference.rgb), `frame ${n}`);
      assert.equal(r.previewError, null);
    }
    const bare = await s.show(7);
    assert.equal(bare.report.frameIndex, 7);
    assert.equal(bare.thumbnails, null);
    assert.equal(bare.preview, null);
  } finally {
    s.close();
  }
});

test('a preview this machine cannot make leaves the frame standing, with why; the CPU reference on request', async (t) => {
  if (hasGpu) return t.skip('GPU operators run here');
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    const refused = await s.show(3, { thumbnailWidth: 32, preview: { op: 'convert', maxWidth: 64 } });
    assert.equal(refused.report.frameIndex, 3);
    assert.equal(refused.thumbnails.length, 3);
    assert.equal(refused.preview, null);
    assert.equal(refused.previewError.code, 'NO_CUDA_DEVICE');
    assert.match(refused.previewError.remedy, /CPU reference/);
    const fallback = await s.show(4, { preview: { op: 'convert', maxWidth: 64 }, fallbackToReference: true });
    assert.equal(fallback.previewError.code, 'NO_CUDA_DEVICE');
    assert.equal(fallback.preview.op, 'reference');
    assert.equal(fallback.preview.reference.width, 64);
  } finally {
    s.close();
  }
});

test('asking again for the frame held last does not decode it again, and the report stands', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    const first = await s.show(20, { proof: false });
    const again = await s.show(20, { proof: false, preview: { op: 'reference', maxWidth: 32 } });
    assert.deepEqual(again.report, first.report, 'the same report, timings included: nothing was decoded');
    const proved = await s.show(20, { proof: true });
    assert.equal(proved.report.aliasing.ran, true);
    assert.equal(proved.report.aliasing.passed, true);
    const next = await s.show(21);
    assert.equal(next.report.frameIndex, 21);
  } finally {
    s.close();
  }
});

test('show checks what it brings back before the session is claimed', async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    assert.equal(await codeOf(() => s.show(0, { thumbnailWidth: 4 })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show(0, { preview: { op: 'sharpen' } })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show(0, { fallbackToReference: 'yes' })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show(-1)), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show(10_000)), 'FRAME_OUT_OF_RANGE');
    assert.equal((await s.show(1)).report.frameIndex, 1, 'the session still works');
  } finally {
    s.close();
  }
});
