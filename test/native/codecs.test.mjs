// Every codec the fixtures carry opens and steps through all its frames on this machine's path, with each frame's
// index band read back from the picture (check-pattern.py drew it): AV1, VP8, MPEG-1, MPEG-2 and MPEG-4 Part 2 beside the
// H.264, HEVC and VP9 the other tests use. Runs against both FFmpeg series.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, bandIndex, fixture, hasGpu } from './helpers.mjs';

const clips = [
  ['av1-odd-640x361.mkv', 'av1', 640, 361],
  ['vp8-640x360.webm', 'vp8', 640, 360],
  ['mpeg2-640x360.mkv', 'mpeg2video', 640, 360],
  ['mpeg2-odd-640x361.mkv', 'mpeg2video', 640, 361],
  ['mpeg1-640x360.mpg', 'mpeg1video', 640, 360],
  ['mpeg1-odd-640x361.mpg', 'mpeg1video', 640, 361],
  ['mpeg4-640x360.mkv', 'mpeg4', 640, 360],
];

for (const [name, codec, width, height] of clips) {
  test(`${name}: ${codec} opens, and every frame carries its own index`, async () => {
    const s = await addon.Session.open(fixture(name));
    try {
      assert.equal(s.info.codec, codec);
      assert.equal(s.info.width, width);
      assert.equal(s.info.height, height);
      assert.equal(s.info.frameCount, 24);
      if (!hasGpu) assert.equal(s.info.decodePath, 'software');
      for (let i = 0; i < 24; i += 1) {
        const { report } = await s.show({ index: i }, { proof: false });
        assert.equal(report.frameIndex, i);
        assert.equal(await bandIndex(s, { index: i }), i, `${name} frame ${i}`);
      }
    } finally {
      s.close();
    }
  });
}

// An MPEG program stream seeks by decode timestamps, which run ahead of its B-frames' presentation: each frame asked
// out of order, key frames included, must still come back as itself.
for (const name of ['mpeg1-640x360.mpg', 'mpeg1-odd-640x361.mpg']) {
  test(`${name}: frames asked out of order each come back as themselves`, async () => {
    const s = await addon.Session.open(fixture(name));
    try {
      for (const i of [23, 5, 12, 0, 17, 11, 13, 1]) {
        const { report } = await s.show({ index: i }, { proof: false });
        assert.equal(report.frameIndex, i);
        assert.equal(await bandIndex(s, { index: i }), i, `${name} frame ${i}`);
      }
    } finally {
      s.close();
    }
  });
}

test('the stream says how it asks to be shown: the rotated, full-range fixture against a plain one', async () => {
  const rotated = await addon.Session.open(fixture('h264-rot90-fullrange-640x360.mp4'));
  const plain = await addon.Session.open(fixture('hevc-main10-1280x720.mp4'));
  try {
    assert.equal(rotated.info.rotationDegrees, 90);
    assert.equal(rotated.info.displayFlipped, false);
    assert.equal(rotated.info.colorRange, 'pc');
    // The stored pictures stay landscape: the rotation is the player's business, the inspector reports it.
    assert.equal(rotated.info.width, 640);
    assert.equal(rotated.info.height, 360);
    assert.equal((await rotated.show({ index: 0 }, { proof: false })).report.format.colorRange, 'pc');
    assert.equal(plain.info.rotationDegrees, 0);
    assert.equal(plain.info.colorRange, 'tv');
    const undeclared = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
    assert.equal(undeclared.info.colorRange, 'unknown');
    undeclared.close();
  } finally {
    rotated.close();
    plain.close();
  }
});
