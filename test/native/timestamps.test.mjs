// Timestamps that cannot be trusted: repeated ones make the frame count inexact with a DUPLICATE_TIMESTAMPS warning;
// a zero or absurd timescale is an ODD_TIMESCALE warning, never a false truncation.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, bandIndex, fixture, makeMedia, tempDir } from './helpers.mjs';

const dir = tempDir(after, 'zci-timestamps-');

test('96 frames whose timestamps collapse into 6: DUPLICATE_TIMESTAMPS and an inexact count', async () => {
  const collapsed = path.join(dir, 'collapsed.mkv');
  makeMedia('odd-timestamps.py', 'collapse', fixture('../../assets/sample.mp4'), collapsed, '16');
  const s = await addon.Session.open(collapsed);
  try {
    assert.equal(s.info.frameCount, 6);
    assert.equal(s.info.frameCountExact, false);
    assert.deepEqual(
      s.info.warnings.map((w) => w.code),
      ['DUPLICATE_TIMESTAMPS'],
    );
    assert.match(s.info.warnings[0].message, /^90 of 96 video packets repeat the timestamp of another packet/);
    assert.equal((await s.show({ index: 5 })).report.frameIndex, 5);
  } finally {
    s.close();
  }
});

for (const [value, why] of [
  ['0', /FFmpeg: 'Invalid mdhd time scale 0, defaulting to 1'; time base 1\/1/],
  ['1', /time base 1\/1, 0\.00195312 frames per second/],
  ['2000000000', /time base 1\/2000000000/],
]) {
  test(`a timescale of ${value} is ODD_TIMESCALE, not a truncation, and every frame is still there`, async () => {
    const odd = path.join(dir, `timescale-${value}.mp4`);
    makeMedia('odd-timestamps.py', 'timescale', fixture('h264-odd-642x362.mp4'), odd, value);
    const s = await addon.Session.open(odd);
    try {
      assert.deepEqual(
        s.info.warnings.map((w) => w.code),
        ['ODD_TIMESCALE'],
      );
      assert.match(s.info.warnings[0].message, why);
      assert.equal(s.info.frameCount, 36);
      assert.equal(s.info.frameCountExact, true);
      assert.deepEqual(s.info.keyFrames, [0, 12, 24]);
      for (const n of [35, 13, 0, 24]) {
        assert.equal((await s.show({ index: n })).report.frameIndex, n);
        assert.equal(await bandIndex(s, { index: n }), n);
      }
    } finally {
      s.close();
    }
  });
}

test('the committed fixtures have no timestamp warnings', async () => {
  for (const file of ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'h264-odd-642x362.mp4']) {
    const s = await addon.Session.open(fixture(file));
    assert.deepEqual(s.info.warnings, [], file);
    assert.equal(s.info.frameCountExact, true);
    s.close();
  }
});
