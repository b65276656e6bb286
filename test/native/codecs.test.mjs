// Every codec the fixtures carry opens and steps through all its frames on this machine's path, with each frame's
// index band read back from the picture (check-pattern.py drew it): AV1, VP8, MPEG-2 and MPEG-4 Part 2 beside the
// H.264, HEVC and VP9 the other tests use. Runs against both FFmpeg series.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, bandIndex, fixture, hasGpu } from './helpers.mjs';

const clips = [
  ['av1-odd-640x361.mkv', 'av1', 640, 361],
  ['vp8-640x360.webm', 'vp8', 640, 360],
  ['mpeg2-640x360.mkv', 'mpeg2video', 640, 360],
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
        const report = await s.frame(i, { proof: false });
        assert.equal(report.frameIndex, i);
        assert.equal(await bandIndex(s), i, `${name} frame ${i}`);
      }
    } finally {
      s.close();
    }
  });
}
