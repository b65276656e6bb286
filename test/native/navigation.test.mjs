// Frame-accurate navigation, checked against the index each fixture draws into its own pixels.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, bandIndex, fixture } from './helpers.mjs';

for (const file of ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'h264-odd-642x362.mp4']) {
  test(`seeking in ${file} lands on the asked frame, in any order`, async () => {
    const s = await addon.Session.open(fixture(file));
    try {
      const last = s.info.frameCount - 1;
      for (const n of [Math.min(30, last), 2, last, 13, 14, 15, 0, 24, 23, 11]) {
        const { report: r } = await s.show({ index: n });
        assert.equal(r.frameIndex, n);
        assert.equal(await bandIndex(s, { index: n }), n % 256, `pixels of frame ${n}`);
        assert.equal(r.keyFrame, s.info.keyFrames.includes(n), `key flag of frame ${n}`);
      }
    } finally {
      s.close();
    }
  });
}

test('a time maps to the frame shown at that time', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    const { report: r10 } = await s.show({ index: 10 });
    const { report: again } = await s.show({ seconds: r10.timeSeconds });
    assert.equal(again.frameIndex, 10);
    const seconds = r10.timeSeconds + 0.5 / s.info.frameRate;
    const { report: between } = await s.show({ seconds });
    assert.equal(between.frameIndex, 11);
    assert.equal(await bandIndex(s, { seconds }), 11);
    const { report: past } = await s.show({ seconds: 1e6 });
    assert.equal(past.frameIndex, s.info.frameCount - 1);
  } finally {
    s.close();
  }
});

test('stepping forward decodes on without seeking and keeps the pool bounded', async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { holdFrames: 3 });
  try {
    for (let n = 0; n < s.info.frameCount; n++) {
      const { report: r } = await s.show({ index: n });
      assert.ok(r.pool.framesHeld <= 3);
      assert.equal(r.pool.framesHeld, Math.min(n + 1, 3));
    }
    assert.equal(s.liveHandles() >= 3, true);
  } finally {
    s.close();
  }
});

test('the event loop keeps running while a frame decodes', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    let ticks = 0;
    let running = true;
    const spin = () => {
      ticks++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await s.show({ index: 47 });
    await s.show({ index: 0 });
    running = false;
    assert.ok(ticks > 5, `only ${ticks} event-loop turns while decoding`);
  } finally {
    s.close();
  }
});
