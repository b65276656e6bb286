// The one frame call: show() names a frame by index or by time, and brings back its report, its plane thumbnails and
// its operator previews in one call; each preview answers its own outcome.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, bandIndex, codeOf, comparableReports, fixture, hasGpu } from './helpers.mjs';

/** Thumbnails as comparable rows. */
const pictures = (thumbnails) =>
  thumbnails.map((t) => [t.name, t.width, t.height, Buffer.from(t.data).toString('base64')]);

test('show answers the report, the thumbnails and the previews of the same frame in one call', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    for (const n of [0, 1, 2, 30, 5]) {
      const r = await s.show({ index: n }, { thumbnailWidth: 64, previews: [{ op: 'reference', maxWidth: 96 }] });
      assert.equal(r.report.frameIndex, n);
      assert.equal(await bandIndex(s, { index: n }), n % 256, `the session holds frame ${n} afterwards`);
      // Asked again of the held frame, alone: the same pictures.
      const again = await s.show({ index: n }, { proof: false, thumbnailWidth: 64 });
      assert.deepEqual(pictures(r.thumbnails), pictures(again.thumbnails));
      const alone = await s.show({ index: n }, { proof: false, previews: [{ op: 'reference', maxWidth: 96 }] });
      assert.equal(alone.thumbnails, null);
      assert.equal(r.previews.length, 1);
      const [{ result, error }] = r.previews;
      assert.equal(error, null);
      assert.equal(result.op, 'reference');
      assert.deepEqual(Buffer.from(result.reference.rgb), Buffer.from(alone.previews[0].result.reference.rgb), `frame ${n}`);
    }
    const bare = await s.show({ index: 7 });
    assert.equal(bare.report.frameIndex, 7);
    assert.equal(bare.thumbnails, null);
    assert.deepEqual(bare.previews, []);
    assert.ok(bare.ledger, 'the call answers its ledger beside the report');
    assert.equal('ledger' in bare.report, false);
  } finally {
    s.close();
  }
});

test('{index} and {seconds} targets give the same report for the same frame', async () => {
  const file = fixture('h264-1080p-420.mp4');
  const byIndex = [];
  const byTime = [];
  const a = await addon.Session.open(file);
  try {
    for (const n of [10, 0, 33, 34]) byIndex.push((await a.show({ index: n })).report);
  } finally {
    a.close();
  }
  // A second session, so that neither answer is the other's held frame shown again.
  const b = await addon.Session.open(file);
  try {
    for (const report of byIndex) byTime.push((await b.show({ seconds: report.timeSeconds })).report);
    // Between two frames' times: the frame at or just after the time.
    const between = byIndex[0].timeSeconds + 0.5 / b.info.frameRate;
    assert.equal((await b.show({ seconds: between })).report.frameIndex, 11);
  } finally {
    b.close();
  }
  assert.deepEqual(
    byTime.map((r) => r.frameIndex),
    [10, 0, 33, 34],
  );
  assert.deepEqual(comparableReports(byTime, { perFrame: true }), comparableReports(byIndex, { perFrame: true }));
});

test('a target names exactly one of index and seconds; anything else is INVALID_ARGUMENT', async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    for (const bad of [
      { index: 1, seconds: 0 },
      {},
      { frame: 1 },
      1,
      '1',
      null,
      undefined,
      [1],
      { index: -1 },
      { index: 1.5 },
      { index: '1' },
      { seconds: -0.5 },
      { seconds: NaN },
      { seconds: Infinity },
      { seconds: '0' },
    ]) {
      const e = await s.show(bad).catch((x) => x);
      assert.ok(e instanceof addon.InspectorError, `${JSON.stringify(bad)}: rejected`);
      assert.equal(e.code, 'INVALID_ARGUMENT', JSON.stringify(bad));
      assert.match(e.message, /target/);
    }
    assert.equal((await s.show({ index: 1 })).report.frameIndex, 1, 'the session still works');
  } finally {
    s.close();
  }
});

test('a preview this machine cannot make leaves the frame standing, with why; the CPU reference on request', async (t) => {
  if (hasGpu) return t.skip('GPU operators run here');
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    const refused = await s.show({ index: 3 }, { thumbnailWidth: 32, previews: [{ op: 'convert', maxWidth: 64 }] });
    assert.equal(refused.report.frameIndex, 3);
    assert.equal(refused.thumbnails.length, 3);
    assert.equal(refused.previews[0].result, null);
    assert.equal(refused.previews[0].error.code, 'NO_CUDA_DEVICE');
    assert.match(refused.previews[0].error.remedy, /CPU reference/);
    const fallback = await s.show(
      { index: 4 },
      { previews: [{ op: 'convert', maxWidth: 64 }], fallbackToReference: true },
    );
    assert.equal(fallback.previews[0].error.code, 'NO_CUDA_DEVICE');
    assert.equal(fallback.previews[0].result.op, 'reference');
    assert.equal(fallback.previews[0].result.reference.width, 64);
  } finally {
    s.close();
  }
});

test('two previews in one call give two outcomes, in the order asked; a failing one leaves the other', async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    const first = { op: 'reference', maxWidth: 48 };
    const second = { op: 'reference', maxWidth: 80, matrix: 'bt601' };
    const answer = await s.show({ index: 2 }, { proof: false, previews: [first, second] });
    assert.equal(answer.previews.length, 2);
    assert.deepEqual(
      answer.previews.map((p) => [p.error, p.result.op, p.result.reference.width]),
      [
        [null, 'reference', 48],
        [null, 'reference', 80],
      ],
    );
    assert.match(answer.previews[1].result.referenceMethod, /BT\.601/);
    const swapped = await s.show({ index: 2 }, { proof: false, previews: [second, first] });
    assert.deepEqual(
      swapped.previews.map((p) => p.result.reference.width),
      [80, 48],
    );
    // An operator parameter the core refuses fails that preview alone.
    const mixed = await s.show({ index: 2 }, { proof: false, previews: [{ op: 'gaussian', kernelSize: 4 }, first] });
    assert.equal(mixed.previews[0].result, null);
    assert.equal(mixed.previews[0].error.code, 'INVALID_ARGUMENT');
    assert.match(mixed.previews[0].error.message, /kernelSize/);
    assert.equal(mixed.previews[1].error, null);
    assert.equal(mixed.previews[1].result.reference.width, 48);
  } finally {
    s.close();
  }
});

test('asking again for the frame held last does not decode it again, and the report stands', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    const first = await s.show({ index: 20 }, { proof: false });
    const again = await s.show({ index: 20 }, { proof: false, previews: [{ op: 'reference', maxWidth: 32 }] });
    assert.deepEqual(again.report, first.report, 'the same report, timings included: nothing was decoded');
    const proved = await s.show({ index: 20 }, { proof: true });
    assert.equal(proved.report.aliasing.ran, true);
    assert.equal(proved.report.aliasing.passed, true);
    const next = await s.show({ index: 21 });
    assert.equal(next.report.frameIndex, 21);
  } finally {
    s.close();
  }
});

test('show checks what it brings back before the session is claimed', async () => {
  const { previewsPerCall } = addon.vocabulary();
  assert.equal(previewsPerCall, 8);
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    assert.equal(await codeOf(() => s.show({ index: 0 }, { thumbnailWidth: 4 })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ index: 0 }, { previews: [{ op: 'sharpen' }] })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ index: 0 }, { previews: { op: 'reference' } })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ index: 0 }, { fallbackToReference: 'yes' })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ index: -1 })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ index: 10_000 })), 'FRAME_OUT_OF_RANGE');
    const reference = { op: 'reference', maxWidth: 16 };
    const tooMany = await s.show({ index: 0 }, { previews: Array(previewsPerCall + 1).fill(reference) }).catch((e) => e);
    assert.equal(tooMany.code, 'INVALID_ARGUMENT');
    assert.match(tooMany.message, new RegExp(`at most ${previewsPerCall}`));
    const most = await s.show({ index: 0 }, { proof: false, previews: Array(previewsPerCall).fill(reference) });
    assert.equal(most.previews.length, previewsPerCall, 'exactly previewsPerCall is allowed');
    assert.deepEqual((await s.show({ index: 0 }, { previews: [] })).previews, []);
    assert.equal((await s.show({ index: 1 })).report.frameIndex, 1, 'the session still works');
  } finally {
    s.close();
  }
});

test('a memory read names the held frame it reads: without an index it is INVALID_ARGUMENT', async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { decode: 'software' });
  try {
    await s.show({ index: 2 }, { proof: false });
    for (const options of [undefined, {}, { signal: new AbortController().signal }, { index: '2' }]) {
      const e = await s.readMemory({ offset: 0, length: 16 }, options).catch((x) => x);
      assert.equal(e.code, 'INVALID_ARGUMENT', JSON.stringify(options));
      assert.match(e.message, /index/);
    }
    const read = await s.readMemory({ offset: 0, length: 16 }, { index: 2 });
    assert.equal(read.frameIndex, 2);
    assert.equal(read.totalBytesRead, 16, 'the refused reads copied nothing');
  } finally {
    s.close();
  }
});

test('sessions come from Session.open only: new Session() throws INVALID_ARGUMENT', () => {
  assert.throws(
    () => new addon.Session(),
    (e) => e instanceof addon.InspectorError && e.code === 'INVALID_ARGUMENT' && /Session\.open/.test(e.remedy),
  );
  assert.throws(() => new addon.Session({}, Symbol('opened')), (e) => e.code === 'INVALID_ARGUMENT');
});
