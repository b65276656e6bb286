// The NAL-unit cap: FFmpeg's H.264 and HEVC decoders keep state for every NAL unit of a packet while they decode it,
// so a few MB of tiny NAL units in one packet cost gigabytes. Every packet the probe or the session could decode is
// counted first, and one past kMaxNalUnitsPerPacket (4096) refuses the file with MEDIA_TOO_LARGE, in bounded memory.
// Two layers count: a prescan of the packets the probe reads (before it decodes them), and every packet the session
// reads. A flood in the first packet, which the probe decodes before the session reads any, is the prescan's alone
// (the peak memory tells); one in packet 3000, past the 2500 packets the probe reads at most, is the second layer's.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, fixture, makeMedia, openInChild, tempDir } from './helpers.mjs';

const dir = tempDir(after, 'zci-nal-');
const source = fixture('h264-odd-642x362.mp4');
const flood = path.join(dir, 'flood-4mb.h264');
makeMedia('hostile-media.py', 'nal-flood', source, flood, '4');
const annexB = path.join(dir, 'fillers-8000.h264');
makeMedia('hostile-media.py', 'nal-fillers', source, annexB, '8000');
const prefixed = path.join(dir, 'fillers-8000.mp4');
makeMedia('hostile-media.py', 'nal-fillers', source, prefixed, '8000');
// Decoded by FFmpeg's probe (the first packet), 100,000 fillers take it to about 900 MB: only the prescan stops it.
const probed = path.join(dir, 'fillers-100000.h264');
makeMedia('hostile-media.py', 'nal-fillers', source, probed, '100000');
const under = path.join(dir, 'fillers-3000.h264');
makeMedia('hostile-media.py', 'nal-fillers', source, under, '3000');
const late = path.join(dir, 'late-fillers-8000.mp4');
makeMedia('hostile-media.py', 'nal-fillers-late', late, '3000', '8000');
const lateUnder = path.join(dir, 'late-fillers-3000.mp4');
makeMedia('hostile-media.py', 'nal-fillers-late', lateUnder, '3000', '3000');

for (const [name, file] of [
  ['4 MB of access-unit delimiters (about 800,000 NAL units in one packet)', flood],
  ['8000 filler NAL units after the first IDR slice, start codes (raw H.264)', annexB],
  ['8000 filler NAL units after the first IDR slice, length-prefixed (MP4)', prefixed],
  ['100,000 filler NAL units after the first IDR slice, in the packet the probe decodes (raw H.264)', probed],
]) {
  test(`${name}: MEDIA_TOO_LARGE before the probe decodes it, in bounded memory`, (t) => {
    for (const decode of ['software', 'auto']) {
      const r = openInChild(file, { decode });
      t.diagnostic(`${path.basename(file)} (${decode}): ${r.code} in ${r.ms} ms, child peak RSS ${r.rssMB} MB`);
      assert.equal(r.code, 'MEDIA_TOO_LARGE', r.message);
      assert.match(r.message, /holds more than 4096 NAL units, over the cap/);
      // Unrefused, the flood took the process past 1 GB; refused, it stays at an ordinary open's size.
      assert.ok(r.rssMB < 300, `${r.rssMB} MB`);
    }
  });
}

test('3000 filler NAL units in one packet are under the cap: the file opens and decodes as it did', async () => {
  const plain = await addon.Session.open(source, { decode: 'software' });
  const padded = await addon.Session.open(under, { decode: 'software' });
  try {
    assert.equal(padded.info.codec, 'h264');
    // The raw stream's display order is its decode order from the first IDR: frame 0 is the same picture.
    const [{ report: a }, { report: b }] = [
      await plain.show({ index: 0 }, { proof: false }),
      await padded.show({ index: 0 }, { proof: false }),
    ];
    assert.equal(b.decodePath, 'software');
    const bytes = (s) => s.readMemory({ plane: 0, row: 0, rows: 8, byteCount: 642 }, { index: 0 });
    assert.deepEqual((await bytes(padded)).data, (await bytes(plain)).data);
    assert.equal(a.format.width, b.format.width);
  } finally {
    plain.close();
    padded.close();
  }
});

test('8000 filler NAL units in the last of 3000 packets, past what the probe reads: MEDIA_TOO_LARGE at open', (t) => {
  for (const decode of ['software', 'auto']) {
    const r = openInChild(late, { decode });
    t.diagnostic(`${path.basename(late)} (${decode}): ${r.code} in ${r.ms} ms, child peak RSS ${r.rssMB} MB`);
    assert.equal(r.code, 'MEDIA_TOO_LARGE', r.message);
    assert.match(r.message, /holds more than 4096 NAL units, over the cap/);
  }
  // The same 3000 frames with 3000 fillers in the last: under the cap, every frame listed.
  const r = openInChild(lateUnder, { decode: 'software' });
  assert.equal(r.opened, true, r.message);
  assert.equal(r.frameCount, 3000);
});
