// The packet-size cap: a packet over it, or more than it read without a packet ending (a raw stream followed by a
// hole of zeros, which FFmpeg's parser would gather into one growing packet), is MEDIA_TOO_LARGE.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, codeOf, fixture, makeMedia, openInChild, tempDir } from './helpers.mjs';

const dir = tempDir(after, 'zci-readcap-');

test('a raw stream followed by 2 GiB of zeros is MEDIA_TOO_LARGE quickly, in bounded memory', (t) => {
  const hole = path.join(dir, 'hole.h264');
  makeMedia('hostile-media.py', 'hole', fixture('h264-odd-642x362.mp4'), hole, '2');
  const r = openInChild(hole);
  t.diagnostic(`2 GiB hole: ${r.code} in ${r.ms} ms, child peak RSS ${r.rssMB} MB`);
  assert.equal(r.code, 'MEDIA_TOO_LARGE', r.message);
  assert.match(r.message, /packet-size cap of 64 MiB \(67108864 bytes\) without a packet ending/);
  assert.ok(r.rssMB < 400, `${r.rssMB} MB`);
});

test('a packet over the cap is MEDIA_TOO_LARGE naming its size and the cap', async () => {
  const big = path.join(dir, 'big-packet.mp4');
  makeMedia('hostile-media.py', 'big-packet', big);
  const e = await addon.Session.open(big, { maxPacketBytes: 1 << 20 }).catch((x) => x);
  assert.equal(e.code, 'MEDIA_TOO_LARGE', e.message);
  assert.match(e.message, /A packet of 1\.\d MiB \(\d+ bytes\) at byte \d+ of .* is over the packet-size cap of 1 MiB/);
  assert.match(e.remedy, /maxPacketBytes/);
  const s = await addon.Session.open(big); // the default cap (64 MiB) takes it
  assert.equal(s.info.frameCount, 1);
  s.close();
});

test('maxPacketBytes is an integer from 64 KiB to 4 GiB', async () => {
  const f = fixture('h264-odd-642x362.mp4');
  for (const bad of [65535, 4294967297, 1e6 + 0.5, '1048576']) {
    assert.equal(await codeOf(() => addon.Session.open(f, { maxPacketBytes: bad })), 'INVALID_ARGUMENT', String(bad));
  }
  const s = await addon.Session.open(f, { maxPacketBytes: 65536 });
  s.close();
});
