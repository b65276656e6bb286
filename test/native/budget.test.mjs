// The pixel budget: a small file whose pictures would need gigabytes is refused before FFmpeg allocates them.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, codeOf, fixture, makeMedia, openInChild, tempDir } from './helpers.mjs';

const dir = tempDir(after, 'zci-budget-');
const huge = path.join(dir, 'huge-8192x8192.mp4');
makeMedia('hostile-media.py', 'huge', huge);

test('an 8192x8192 H.264 file is MEDIA_TOO_LARGE at once, in bounded memory', (t) => {
  const r = openInChild(huge);
  t.diagnostic(`8192x8192: ${r.code} in ${r.ms} ms, child peak RSS ${r.rssMB} MB`);
  assert.equal(r.code, 'MEDIA_TOO_LARGE', r.message);
  assert.match(r.message, /8192x8192 \(67108864 pixels\), over the pixel budget of 35651584 pixels/);
  assert.ok(r.rssMB < 300, `${r.rssMB} MB`);
});

test('the refusal names the option that raises the budget, and raising it opens the file', (t) => {
  const r = openInChild(huge, { maxPixels: 8192 * 8192 });
  t.diagnostic(`8192x8192 with maxPixels 67108864: opened in ${r.ms} ms, child peak RSS ${r.rssMB} MB`);
  assert.equal(r.opened, true, r.message);
  assert.equal(r.frameCount, 1);
});

test('the budget counts the coded size too, and any fixture over a small budget is refused', async () => {
  // 1920x1080 is coded as 1920x1088: a budget of exactly 1920x1080 passes the display size, not the coded one.
  const e = await addon.Session.open(fixture('h264-1080p-420.mp4'), { maxPixels: 1920 * 1080 }).catch((x) => x);
  assert.equal(e.code, 'MEDIA_TOO_LARGE', e.message);
  assert.match(e.message, /coded 1920x1088/);
  assert.match(e.remedy, /maxPixels/);
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'), { maxPixels: 1920 * 1088 });
  s.close();
  const small = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { maxPixels: 4096 }).catch((x) => x);
  assert.equal(small.code, 'MEDIA_TOO_LARGE');
  assert.match(small.message, /642x362/);
});

test('maxPixels is an integer from 4096 to 268435456', async () => {
  const f = fixture('h264-odd-642x362.mp4');
  for (const bad of [4095, 268435457, 1.5, '4096', -1, NaN]) {
    assert.equal(await codeOf(() => addon.Session.open(f, { maxPixels: bad })), 'INVALID_ARGUMENT', String(bad));
  }
  const e = await addon.Session.open(f, { maxPixels: 1 }).catch((x) => x);
  assert.match(e.message, /options\.maxPixels to be an integer from 4096 to 268435456/);
});
