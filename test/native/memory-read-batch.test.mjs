// Reading several ranges of a frame's memory in one call (readMemoryBatch): each range answers what readMemory
// answers for it alone, byte for byte and region for region, within the same cap and charged to the session's count
// as one read each; every range is checked before the first copy, so a bad range copies and charges nothing.
// Software decoding, so the same frames on every machine.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, fixture } from './helpers.mjs';

const CAP = addon.vocabulary().memoryReadCap;
const PER_CALL = 16;

/** A session on a software-decoded fixture with frame `index` shown and held. */
async function held(file, index) {
  const s = await addon.Session.open(fixture(file), { decode: 'software' });
  const { report } = await s.show({ index }, { proof: false });
  return { s, report };
}

/** A read without its session-wide count, to compare one read made alone with the same read made in a batch. */
function readAlone({ totalBytesRead: _total, data, ...rest }) {
  return { ...rest, data: Buffer.from(data).toString('hex') };
}

/** Ranges of every kind a capture asks: first rows, last rows past the plane, a tile, a byte range. */
function rangesOf(report) {
  const out = [];
  for (const p of report.planes) {
    out.push({ plane: p.index, row: 0, rows: 2 });
    out.push({ plane: p.index, row: p.height - 2, rows: 4 });
    out.push({ plane: p.index, row: p.height >> 1, rows: 8, byteStart: 16, byteCount: 64 });
  }
  out.push({ offset: 100, length: 333 });
  return out;
}

test('a batch answers, range by range, what single reads answer, and charges each as one read', async () => {
  for (const [file, index] of [
    ['h264-1080p-420.mp4', 7],
    ['hevc-main10-1280x720.mp4', 3],
  ]) {
    const { s, report } = await held(file, index);
    try {
      const ranges = rangesOf(report);
      const singles = [];
      for (const range of ranges) singles.push(await s.readMemory(range, { index }));
      const before = singles.at(-1).totalBytesRead;
      const batch = await s.readMemoryBatch(ranges, { index });
      assert.equal(batch.length, ranges.length);
      let total = before;
      batch.forEach((read, i) => {
        assert.deepEqual(readAlone(read), readAlone(singles[i]), `${file} range ${i}`);
        total += read.bytesRead;
        assert.equal(read.totalBytesRead, total, `${file}: range ${i} is charged after the ones before it`);
        assert.equal(read.cap, CAP);
        assert.equal(read.frameIndex, index);
      });
    } finally {
      s.close();
    }
  }
});

test('every range is checked before any copy: one bad range rejects the call, names it, and charges nothing', async () => {
  const { s, report } = await held('h264-1080p-420.mp4', 2);
  try {
    const good = { plane: 0, row: 0, rows: 1 };
    const counted = (await s.readMemory(good, { index: 2 })).totalBytesRead;
    const pitch = report.planes[0].pitch;
    const cases = [
      [{ plane: 0, row: 0, rows: Math.floor(CAP / pitch) + 1 }, 'MEMORY_READ_TOO_LARGE'],
      [{ plane: 7, row: 0, rows: 1 }, 'INVALID_ARGUMENT'],
      [{ offset: 0, length: CAP + 1 }, 'MEMORY_READ_TOO_LARGE'],
      [{ offset: 1 << 30, length: 16 }, 'MEMORY_RANGE_OUTSIDE_ALLOCATION'],
    ];
    for (const [bad, code] of cases) {
      await assert.rejects(s.readMemoryBatch([good, good, bad], { index: 2 }), (e) => {
        assert.equal(e.code, code, JSON.stringify(bad));
        assert.match(e.message, /^Range 2: /);
        assert.ok(e.remedy.length > 0);
        return true;
      });
    }
    const after = await s.readMemory(good, { index: 2 });
    assert.equal(after.totalBytesRead, counted + after.bytesRead, 'the refused batches charged nothing');
  } finally {
    s.close();
  }
});

test('the call takes 1 to 16 well-formed ranges of a held frame, and a signal like readMemory', async () => {
  const { s } = await held('h264-1080p-420.mp4', 1);
  try {
    const one = { plane: 0, row: 0, rows: 1 };
    assert.equal((await s.readMemoryBatch(Array(PER_CALL).fill(one), { index: 1 })).length, PER_CALL);
    for (const ranges of [[], Array(PER_CALL + 1).fill(one), one, 'ranges', undefined]) {
      await assert.rejects(s.readMemoryBatch(ranges, { index: 1 }), { code: 'INVALID_ARGUMENT', message: /ranges/ });
    }
    await assert.rejects(s.readMemoryBatch([one, { plane: 0, row: 0 }], { index: 1 }), {
      code: 'INVALID_ARGUMENT',
      message: /ranges\[1\]\.rows/,
    });
    await assert.rejects(s.readMemoryBatch([one, { plane: 0, row: 0, rows: 1, colour: 2 }], { index: 1 }), {
      code: 'INVALID_ARGUMENT',
      message: /ranges\[1\]\.colour/,
    });
    await assert.rejects(s.readMemoryBatch([one], { index: 5 }), { code: 'INVALID_ARGUMENT', message: /not held/ });
    await assert.rejects(s.readMemoryBatch([one], {}), { code: 'INVALID_ARGUMENT' });
    await assert.rejects(s.readMemoryBatch([one], { index: 1, signal: AbortSignal.abort() }), { code: 'CANCELLED' });
  } finally {
    s.close();
  }
  await assert.rejects(s.readMemoryBatch([{ plane: 0, row: 0, rows: 1 }], { index: 1 }), { code: 'CLOSED' });
});
