// Raw Annex-B streams (.h264, .hevc) carry no timestamps: frames are numbered from decode order and IDR pictures,
// and seeking lands on the asked frame, checked against the index each fixture draws into its pixels.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, bandIndex, fixture, makeMedia, tempDir } from './helpers.mjs';

const dir = tempDir(after, 'zci-raw-');

for (const [source, out, codec] of [
  ['h264-odd-642x362.mp4', 'odd.h264', 'h264'],
  ['hevc-main10-1280x720.mp4', 'main10.hevc', 'hevc'],
  ['h264-1080p-420.mp4', '1080p.h264', 'h264'],
]) {
  test(`raw ${out} (from ${source}, B-frames) opens with exact indices and seeks frame-accurately`, async () => {
    const raw = path.join(dir, out);
    makeMedia('hostile-media.py', 'raw', fixture(source), raw);
    const mp4 = await addon.Session.open(fixture(source));
    const frames = mp4.info.frameCount;
    mp4.close();
    const s = await addon.Session.open(raw);
    try {
      assert.equal(s.info.container, codec);
      assert.equal(s.info.codec, codec);
      assert.equal(s.info.frameCount, frames);
      assert.equal(s.info.frameCountExact, true);
      assert.deepEqual(s.info.warnings, []);
      assert.deepEqual(
        s.info.keyFrames,
        [0, 12, 24, 36].filter((k) => k < frames),
      );
      assert.equal(s.info.frameRate, 24);
      assert.equal(s.info.durationSeconds, frames / 24);
      const last = frames - 1;
      for (const n of [30, 2, last, 13, 14, 15, 0, 24, 23, 11, 12, 1]) {
        const { report: r } = await s.show({ index: n });
        assert.equal(r.frameIndex, n);
        assert.equal(await bandIndex(s, { index: n }), n, `pixels of frame ${n}`);
        assert.equal(r.keyFrame, s.info.keyFrames.includes(n), `key flag of frame ${n}`);
        assert.equal(r.timeSeconds, Number((n / 24).toPrecision(9))); // report numbers carry 9 digits
      }
      assert.equal((await s.show({ seconds: 17 / 24 })).report.frameIndex, 17);
      assert.equal(await bandIndex(s, { seconds: 17 / 24 }), 17);
      for (let n = 0; n <= last; n++) {
        assert.equal((await s.show({ index: n }, { proof: false })).report.frameIndex, n);
      }
    } finally {
      s.close();
    }
  });
}

test('a raw stream that does not start with an IDR picture is refused, with a remedy', async () => {
  const whole = path.join(dir, 'whole.h264');
  makeMedia('hostile-media.py', 'raw', fixture('h264-odd-642x362.mp4'), whole);
  // Drop the first access unit (the IDR picture): the stream starts with a P picture.
  const second = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'packet=pos', '-of', 'csv=p=0', whole], {
    encoding: 'utf8',
  }).split('\n')[1];
  const cut = path.join(dir, 'no-idr.h264');
  fs.writeFileSync(cut, fs.readFileSync(whole).subarray(Number(second)));
  const e = await addon.Session.open(cut).catch((x) => x);
  assert.equal(e.code, 'DECODE_FAILED', e.message);
  assert.match(e.message, /raw h264 stream whose frames cannot be numbered without decoding: it does not start with/);
  assert.match(e.remedy, /ffmpeg -i IN -c copy OUT\.mkv/);
});
