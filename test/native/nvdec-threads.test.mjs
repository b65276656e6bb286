// The open's nvdecThreads: whole numbers 1 to 8, anything else refused before the file is touched; the stream says how
// many pictures its decoder works on at once (frameThreads), and the option leaves a software decode as it was.
// NVDEC with frame threads is test/gpu/nvdec-threads.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, fixture } from './helpers.mjs';

const file = fixture('h264-odd-642x362.mp4');

test('nvdecThreads outside 1 to 8, or not a whole number, is INVALID_ARGUMENT', async () => {
  for (const bad of [0, 9, -1, 2.5, '4', true, Number.NaN])
    assert.equal(await codeOf(() => addon.Session.open(file, { nvdecThreads: bad })), 'INVALID_ARGUMENT', String(bad));
});

test("the stream reports its decoder's frame threads; nvdecThreads leaves a software decode as it was", async () => {
  const plain = await addon.Session.open(file, { decode: 'software' });
  const asked = await addon.Session.open(file, { decode: 'software', nvdecThreads: 8 });
  try {
    // FFmpeg's software decoder picks its own frame threads (one more than the cores, at least one).
    assert.ok(Number.isInteger(plain.info.frameThreads) && plain.info.frameThreads >= 1, String(plain.info.frameThreads));
    assert.equal(asked.info.frameThreads, plain.info.frameThreads);
    const a = (await plain.show({ index: 5 }, { proof: false })).report;
    const b = (await asked.show({ index: 5 }, { proof: false })).report;
    assert.deepEqual(b.planes.map((p) => p.pitch), a.planes.map((p) => p.pitch));
  } finally {
    plain.close();
    asked.close();
  }
});
