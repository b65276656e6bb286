// Frames in batches (Session.showBatch, the command line's whole-file loop): the same reports as one frame at a
// time, a frame's error kept in its place, the batch bounds checked before any decoding, cancel and BUSY.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, comparableReports, fixture } from './helpers.mjs';

const file = fixture('h264-1080p-420.mp4');
// FFmpeg 6.0 and later hand frame-threaded software decoding's buffers out in the order threads finish, so which
// pool buffer a frame lands in differs from run to run (two runs of the same loop differ too): there, addresses are
// compared within each frame's report. Before 6.0 the order is fixed, and the whole pattern must match.
const perFrame = Number(addon.environment().ffmpeg.libavcodec.split('.')[0]) >= 60;

/** Targets naming frames by index. */
const targets = (indices) => indices.map((index) => ({ index }));

async function withSession(body, options) {
  const s = await addon.Session.open(file, options);
  try {
    return await body(s);
  } finally {
    s.close();
  }
}

test('a batch gives the same reports as the same frames asked one at a time', async () => {
  const indices = [...Array(40).keys()];
  for (const proof of [false, true]) {
    const one = await withSession(async (s) => {
      const out = [];
      for (const i of indices) out.push((await s.show({ index: i }, { proof })).report);
      return out;
    });
    const batch = await withSession(async (s) =>
      [
        ...(await s.showBatch(targets(indices.slice(0, 17)), { proof })),
        ...(await s.showBatch(targets(indices.slice(17)), { proof })),
      ].map((answer) => answer.report),
    );
    assert.equal(batch.length, indices.length);
    assert.deepEqual(
      batch.map((r) => r.frameIndex),
      indices,
    );
    assert.deepEqual(comparableReports(batch, { perFrame }), comparableReports(one, { perFrame }), `proof ${proof}`);
  }
});

test('a frame that fails keeps its error in its place; the frames after it are decoded', async () => {
  await withSession(async (s) => {
    const { frameCount } = s.info;
    const out = await s.showBatch(targets([3, frameCount + 5, 4]));
    assert.equal(out[0].report.frameIndex, 3);
    assert.ok(out[1] instanceof addon.InspectorError, 'an InspectorError in the failed frame’s place');
    assert.equal(out[1].code, 'FRAME_OUT_OF_RANGE');
    assert.match(out[1].remedy, /\S/);
    assert.equal(out[2].report.frameIndex, 4);
  });
});

test('the batch is checked before any decoding: 1 to framesPerCall targets, each {index} or {seconds} >= 0', async () => {
  const max = addon.vocabulary().framesPerCall;
  await withSession(async (s) => {
    for (const bad of [
      [],
      targets([-1]),
      targets([1.5]),
      targets(['2']),
      [2],
      [{ index: 1, seconds: 0 }],
      [{}],
      [{ seconds: -1 }],
      targets(Array(max + 1).fill(0)),
      'frames',
      undefined,
    ]) {
      assert.equal(await codeOf(() => s.showBatch(bad)), 'INVALID_ARGUMENT', JSON.stringify(bad)?.slice(0, 40));
    }
    assert.equal((await s.showBatch(targets(Array(max).fill(0)))).length, max, 'exactly framesPerCall is allowed');
    assert.equal(await codeOf(() => s.showBatch(targets([1]), { proof: 'yes' })), 'INVALID_ARGUMENT');
    assert.deepEqual(
      (await s.showBatch([{ index: 2 }, { seconds: 0 }])).map((answer) => answer.report.frameIndex),
      [2, 0],
      'index and time targets mix',
    );
  });
});

test('a batch can be cancelled, and overlaps another call with BUSY', async () => {
  await withSession(async (s) => {
    const controller = new AbortController();
    const running = s.showBatch(
      targets([...Array(200).keys()].map((i) => (i * 7) % 96)),
      { signal: controller.signal },
    );
    assert.equal(await codeOf(() => s.show({ index: 0 })), 'BUSY');
    setTimeout(() => controller.abort(), 20);
    assert.equal(await codeOf(() => running), 'CANCELLED');
    const after = await s.showBatch(targets([5, 6]));
    assert.deepEqual(
      after.map((answer) => answer.report.frameIndex),
      [5, 6],
      'the session works after a cancelled batch',
    );
  });
});
