// Cancelling and deadlines: an AbortSignal stops an open or a frame request in flight (FFmpeg's interrupt callback
// during I/O, the decode loop between packets) with CANCELLED; a deadline stops it with DEADLINE_EXCEEDED.
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { addon, bandIndex, codeOf, fixture, makeMedia, tempDir } from './helpers.mjs';

const dir = tempDir(after, 'zci-cancel-');
const hole = path.join(dir, 'hole.h264');
const longGop = path.join(dir, 'long-gop.mp4');
const bigCap = { maxPacketBytes: 4 * 2 ** 30 }; // the hole is then read until stopped another way

before(() => {
  makeMedia('hostile-media.py', 'hole', fixture('h264-odd-642x362.mp4'), hole, '2');
  makeMedia('hostile-media.py', 'long-gop', longGop, '3000');
});

/** Runs call(signal), aborts after ms, and returns the rejection and how long it came after the abort. */
async function abortAfter(ms, call) {
  const controller = new AbortController();
  let abortedAt = 0;
  const timer = setTimeout(() => {
    abortedAt = performance.now();
    controller.abort();
  }, ms);
  const e = await call(controller.signal).then(
    (value) => ({ value }),
    (x) => x,
  );
  clearTimeout(timer);
  const settled = performance.now();
  return { e, afterAbort: settled - abortedAt, signal: controller.signal };
}

test('an open in flight stops with CANCELLED within 250 ms of the abort', async (t) => {
  const { e, afterAbort, signal } = await abortAfter(100, (s) => addon.Session.open(hole, { ...bigCap, signal: s }));
  t.diagnostic(`open of a 2 GiB hole: CANCELLED ${afterAbort.toFixed(0)} ms after the abort`);
  assert.equal(e.code, 'CANCELLED', e.message);
  assert.match(e.message, /^Opening .*hole\.h264 was cancelled \(while probing\)$/);
  assert.ok(afterAbort < 250, `${afterAbort} ms`);
  assert.equal(getEventListeners(signal, 'abort').length, 0, 'the listener is removed once the call settles');
});

test('an already aborted signal rejects at once, before any work', async () => {
  const signal = AbortSignal.abort();
  const t0 = performance.now();
  const e = await addon.Session.open(hole, { ...bigCap, signal }).catch((x) => x);
  assert.equal(e.code, 'CANCELLED');
  assert.match(e.message, /was cancelled before it began/);
  assert.ok(performance.now() - t0 < 50);
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    assert.equal(await codeOf(() => s.show({ index: 3 }, { signal })), 'CANCELLED');
    assert.equal(await codeOf(() => s.show({ seconds: 0.1 }, { signal })), 'CANCELLED');
    assert.equal(await codeOf(() => s.showBatch([{ index: 3 }], { signal })), 'CANCELLED');
    assert.equal((await s.show({ index: 3 })).report.frameIndex, 3, 'a refused call does not hold the session');
  } finally {
    s.close();
  }
});

test('a frame request in flight stops with CANCELLED, and the session goes on', async (t) => {
  const s = await addon.Session.open(longGop);
  try {
    const last = s.info.frameCount - 1;
    const t0 = performance.now();
    await s.show({ index: last }, { proof: false });
    const whole = performance.now() - t0;
    await s.show({ index: 0 }, { proof: false });
    const { e, afterAbort, signal } = await abortAfter(Math.min(50, whole / 4), (sig) =>
      s.show({ index: last }, { proof: false, signal: sig }),
    );
    t.diagnostic(
      `frame ${last} (${whole.toFixed(0)} ms uncancelled): ${e.code} ${afterAbort.toFixed(0)} ms after abort`,
    );
    assert.equal(e.code, 'CANCELLED', e.message ?? 'the frame resolved');
    assert.match(e.message, new RegExp(`^Decoding frame ${last} of .* was cancelled \\(while (decoding|seeking)\\)$`));
    assert.ok(afterAbort < 250, `${afterAbort} ms`);
    assert.equal(getEventListeners(signal, 'abort').length, 0);
    assert.equal((await s.show({ index: last }, { proof: false })).report.frameIndex, last);
  } finally {
    s.close();
  }
});

test('a cancelled request leaves the decoder where the next request lands exactly', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    for (const n of [47, 20, 5]) {
      const controller = new AbortController();
      const pending = s.show({ index: n }, { signal: controller.signal });
      controller.abort(); // set while the worker runs: it stops at its first check
      assert.equal(await codeOf(() => pending), 'CANCELLED');
      const { report } = await s.show({ index: n - 1 });
      assert.equal(report.frameIndex, n - 1);
      assert.equal(await bandIndex(s, { index: n - 1 }), n - 1);
    }
  } finally {
    s.close();
  }
});

test('deadlines: DEADLINE_EXCEEDED names the phase and the deadline', { timeout: 120_000 }, async (t) => {
  let t0 = performance.now();
  const open = await addon.Session.open(hole, { ...bigCap, openDeadlineMs: 200 }).catch((x) => x);
  const openMs = performance.now() - t0;
  t.diagnostic(`open deadline 200 ms: ${open.code} after ${openMs.toFixed(0)} ms`);
  assert.equal(open.code, 'DEADLINE_EXCEEDED', open.message);
  assert.match(open.message, /took longer than its deadline of 200 ms \(while probing\)/);
  assert.match(open.remedy, /openDeadlineMs/);
  // The code above proves the deadline fired; the time is a figure (diagnostic), and the test's timeout ends a hang.

  // FFmpeg's own decoder: the deadline is checked by the same loop on every path, and the frame that follows it
  // must land within 40 ms too (NVDEC's decoder restart after a stopped decode alone can take longer than that).
  const s = await addon.Session.open(longGop, { frameDeadlineMs: 40, decode: 'software' });
  try {
    t0 = performance.now();
    const frame = await s.show({ index: s.info.frameCount - 1 }, { proof: false }).catch((x) => x);
    const frameMs = performance.now() - t0;
    t.diagnostic(`frame deadline 40 ms: ${frame.code} after ${frameMs.toFixed(0)} ms`);
    assert.equal(frame.code, 'DEADLINE_EXCEEDED', frame.message);
    assert.match(frame.message, /Decoding frame 2999 of .* took longer than its deadline of 40 ms \(while decoding\)/);
    assert.match(frame.remedy, /frameDeadlineMs/);
    assert.equal((await s.show({ index: 1 })).report.frameIndex, 1);
  } finally {
    s.close();
  }
});

test('signal and deadlines are checked like every other option', async () => {
  const f = fixture('h264-odd-642x362.mp4');
  for (const signal of [{}, { aborted: false, addEventListener() {} }, 'abort', 1, null]) {
    const e = await addon.Session.open(f, { signal }).catch((x) => x);
    assert.equal(e.code, 'INVALID_ARGUMENT', String(signal));
    assert.match(e.message, /options\.signal to be an AbortSignal/);
  }
  for (const key of ['openDeadlineMs', 'frameDeadlineMs']) {
    for (const bad of [0, 3600001, 2.5, '100']) {
      assert.equal(await codeOf(() => addon.Session.open(f, { [key]: bad })), 'INVALID_ARGUMENT', `${key} ${bad}`);
    }
  }
  const s = await addon.Session.open(f, { signal: new AbortController().signal, openDeadlineMs: 60000 });
  try {
    assert.equal(await codeOf(() => s.show({ index: 0 }, { signal: {} })), 'INVALID_ARGUMENT');
    assert.equal((await s.show({ index: 0 }, { signal: new AbortController().signal })).report.frameIndex, 0);
  } finally {
    s.close();
  }
});
