// Reading a frame's memory: the bytes of bounded ranges, checked against FFmpeg's command line (an independent
// witness of the same frame), every byte's region, the cap and the allocation checked before any copy, and the
// bytes counted. Software decoding, so the same frames on every machine.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { addon, fixture, rawFrame } from './helpers.mjs';

const CAP = 1048576;

/** A small deterministic generator (mulberry32), so a failure names a range that comes back on the next run. */
function random(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The rejection of a promise, or null. */
async function errorOf(fn) {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  return null;
}

/** Where each plane's visible bytes start in a packed raw frame, and how many bytes one of its rows has. */
function rawPlanes(report) {
  let offset = 0;
  return report.planes.map((p) => {
    const plane = { offset, rowBytes: p.visibleBytesPerRow, rows: p.height };
    offset += p.visibleBytesPerRow * p.height;
    return plane;
  });
}

/** The regions of a read as [region, plane, length] runs, for comparing with what the report says. */
const runs = (read) => read.regions.map((r) => [r.region, r.plane, r.length]);

/** Every byte in exactly one span, in order. */
function assertSpansCover(read) {
  let at = 0;
  for (const span of read.regions) {
    assert.equal(span.start, at, JSON.stringify(read.regions));
    assert.ok(span.length >= 1);
    assert.equal(span.plane === null, span.region === 'outside-planes');
    at += span.length;
  }
  assert.equal(at, read.data.byteLength);
}

const FIXTURES = [
  // 1920x1080 H.264, coded 1920x1088: 8 rows coded but not displayed below each luma plane.
  { file: 'h264-1080p-420.mp4', frame: 7, format: 'yuv420p' },
  // 642x362 H.264, coded 656x368: coded columns right of the picture, and right padding.
  { file: 'h264-odd-642x362.mp4', frame: 5, format: 'yuv420p' },
  // 1280x720 HEVC Main 10: two bytes a sample.
  { file: 'hevc-main10-1280x720.mp4', frame: 3, format: 'yuv420p10le' },
];

describe('the visible bytes of a frame read back equal FFmpeg command line output of the same frame', () => {
  for (const f of FIXTURES) {
    test(f.file, async () => {
      const raw = rawFrame(fixture(f.file), f.frame, f.format);
      const s = await addon.Session.open(fixture(f.file), { decode: 'software' });
      try {
        const { report } = await s.show({ index: f.frame });
        assert.equal(report.format.swFormat, f.format);
        const packed = rawPlanes(report);
        const next = random(f.frame * 7919 + report.planes[0].pitch);
        let total = 0;
        for (let k = 0; k < 60; k += 1) {
          const p = next(report.planes.length);
          const plane = report.planes[p];
          const rowBytes = plane.visibleBytesPerRow;
          // Whole rows, tiles and single bytes, anywhere in the picture.
          const row = next(plane.height);
          const rows = 1 + next(Math.min(64, plane.height - row));
          const byteStart = k % 3 === 0 ? 0 : next(rowBytes);
          const byteCount = k % 3 === 0 ? rowBytes : 1 + next(Math.min(256, rowBytes - byteStart));
          const read = await s.readMemory({ plane: p, row, rows, byteStart, byteCount }, { index: f.frame });
          const where = `plane ${p} rows ${row}+${rows} bytes ${byteStart}+${byteCount}`;
          assert.equal(read.frameIndex, f.frame);
          assert.equal(read.source, 'host');
          assert.equal(read.rows, rows);
          assert.equal(read.bytesPerRow, byteCount);
          assert.equal(read.rowPitch, plane.pitch);
          assert.equal(read.bytesRead, rows * byteCount, where);
          assert.equal(read.data.byteLength, rows * byteCount, where);
          total += rows * byteCount;
          assert.equal(read.totalBytesRead, total, where);
          assert.deepEqual(runs(read), [['visible', p, rows * byteCount]], where);
          for (let r = 0; r < rows; r += 1) {
            const from = packed[p].offset + (row + r) * packed[p].rowBytes + byteStart;
            const expected = raw.subarray(from, from + byteCount);
            const got = read.data.subarray(r * byteCount, (r + 1) * byteCount);
            assert.ok(Buffer.compare(Buffer.from(got), expected) === 0, `${where}: row ${row + r} differs`);
          }
        }
      } finally {
        s.close();
      }
    });
  }

  test('a frame held but not shown last is read by its index; the index is required', async () => {
    const file = fixture('h264-odd-642x362.mp4');
    const raw = rawFrame(file, 5, 'yuv420p');
    const s = await addon.Session.open(file, { decode: 'software', holdFrames: 2 });
    try {
      await s.show({ index: 5 });
      await s.show({ index: 6 });
      const read = await s.readMemory({ plane: 0, row: 100, rows: 4, byteStart: 10, byteCount: 600 }, { index: 5 });
      assert.equal(read.frameIndex, 5);
      for (let r = 0; r < 4; r += 1) {
        const from = (100 + r) * 642 + 10;
        assert.ok(Buffer.compare(Buffer.from(read.data.subarray(r * 600, (r + 1) * 600)), raw.subarray(from, from + 600)) === 0);
      }
      assert.equal((await s.readMemory({ plane: 0, row: 0, rows: 1 }, { index: 6 })).frameIndex, 6);
      for (const options of [undefined, {}, { signal: new AbortController().signal }]) {
        const missing = await errorOf(() => s.readMemory({ plane: 0, row: 0, rows: 1 }, options));
        assert.equal(missing?.code, 'INVALID_ARGUMENT', `no index: no frame is read (${JSON.stringify(options)})`);
        assert.match(missing.message, /index/);
      }
      const e = await errorOf(() => s.readMemory({ plane: 0, row: 0, rows: 1 }, { index: 4 }));
      assert.equal(e?.code, 'INVALID_ARGUMENT');
      assert.match(e.message, /Frame 4 is not held by this session \(it holds 5, 6\)/);
    } finally {
      s.close();
    }
  });
});

describe('every byte read is labelled with its region', () => {
  test('1080p: the 8 coded rows below the picture, then the allocator padding, then bytes in no plane', async () => {
    const s = await addon.Session.open(fixture('h264-1080p-420.mp4'), { decode: 'software' });
    try {
      const { report: r } = await s.show({ index: 2 });
      const y = r.planes[0];
      assert.equal(s.info.codedHeight, 1088);
      assert.equal(y.codedHeight, 1088);
      assert.equal(y.codedRowsNotDisplayed, 1088 - 1080);
      assert.equal(y.hiddenRowsAfter, y.codedRowsNotDisplayed + y.allocatorPaddingRows);
      assert.ok(y.allocatorPaddingRows >= 1, `${y.allocatorPaddingRows} rows of allocator padding`);
      // Rows 1078 to the last whole row of the plane's allocation, whole pitch.
      const rows = 2 + y.hiddenRowsAfter;
      const read = await s.readMemory({ plane: 0, row: 1078, rows }, { index: 2 });
      assertSpansCover(read);
      assert.deepEqual(runs(read), [
        ['visible', 0, 2 * y.pitch],
        ['coded-not-displayed', 0, 8 * y.pitch],
        ['allocator-padding', 0, y.allocatorPaddingRows * y.pitch],
      ]);
      // The chroma planes: 540 rows displayed of 544 coded.
      for (const c of r.planes.slice(1)) {
        assert.equal(c.codedHeight, 544);
        assert.equal(c.codedRowsNotDisplayed, 4);
        assert.equal(c.separateAllocation, true, 'FFmpeg gives each plane of a software frame its own buffer');
        assert.equal(c.offsetFromPlane0, null);
        assert.equal(c.allocation.size > c.pitch * (c.height + c.hiddenRowsAfter), true);
      }
      // The allocation's tail: after the last whole row, bytes that are no row of any plane.
      const size = r.allocation.rangeSize;
      const tail = size - (y.height + y.hiddenRowsAfter) * y.pitch;
      assert.ok(tail > 0 && tail < y.pitch, `a tail of ${tail} bytes`);
      const end = await s.readMemory({ offset: size - tail - 100, length: tail + 100 }, { index: 2 });
      assertSpansCover(end);
      assert.equal(end.plane, null);
      assert.equal(end.row, null);
      assert.equal(end.offset, size - tail - 100);
      assert.equal(end.rowPitch, tail + 100);
      assert.deepEqual(runs(end), [
        ['allocator-padding', 0, 100],
        ['outside-planes', null, tail],
      ]);
      assert.equal(end.allocation.size, size);
      assert.equal(end.allocation.start, r.allocation.rangeStart);
      assert.equal(end.allocation.separate, true);
    } finally {
      s.close();
    }
  });

  test('642x362: columns coded but not displayed, then right padding, in every row of the coded rows', async () => {
    const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { decode: 'software' });
    try {
      const { report: r } = await s.show({ index: 1 });
      const y = r.planes[0];
      assert.equal(y.codedWidth, s.info.codedWidth);
      assert.equal(y.codedColumnsNotDisplayed, s.info.codedWidth - 642);
      assert.ok(y.pitch > y.codedWidth, `pitch ${y.pitch}`);
      const row = (visible) =>
        visible
          ? [
              ['visible', 0, 642],
              ['coded-not-displayed', 0, y.codedWidth - 642],
              ['right-padding', 0, y.pitch - y.codedWidth],
            ]
          : [
              ['coded-not-displayed', 0, y.codedWidth],
              ['right-padding', 0, y.pitch - y.codedWidth],
            ];
      const read = await s.readMemory({ plane: 0, row: 361, rows: 2 }, { index: 1 });
      assertSpansCover(read);
      assert.deepEqual(runs(read), [...row(true), ...row(false)]);
      // A column range inside the row keeps its place: bytes 600..699 of row 0.
      const cols = await s.readMemory({ plane: 0, row: 0, rows: 1, byteStart: 600, byteCount: 100 }, { index: 1 });
      assert.deepEqual(runs(cols), [
        ['visible', 0, 42],
        ['coded-not-displayed', 0, y.codedWidth - 642],
        ['right-padding', 0, 100 - y.codedWidth + 600],
      ]);
      // Chroma: 321 samples displayed of 328 coded, 181 rows of 184.
      const u = r.planes[1];
      assert.equal(u.codedWidth, s.info.codedWidth / 2);
      assert.equal(u.codedHeight, s.info.codedHeight / 2);
      assert.equal(u.codedRowsNotDisplayed, 3);
      const chroma = await s.readMemory({ plane: 1, row: 183, rows: 2 }, { index: 1 });
      assert.deepEqual(runs(chroma), [
        ['coded-not-displayed', 1, u.codedWidth],
        ['right-padding', 1, u.pitch - u.codedWidth],
        ['allocator-padding', 1, u.pitch],
      ]);
      assert.equal(chroma.allocation.start, u.allocation.start);
      assert.equal(chroma.allocation.size, u.allocation.size);
      assert.equal(chroma.address, `0x${(BigInt(u.ffmpegPointer) + BigInt(183 * u.pitch)).toString(16)}`);
    } finally {
      s.close();
    }
  });
});

describe('refusals, each before any copy', () => {
  test('a range past the allocation is MEMORY_RANGE_OUTSIDE_ALLOCATION naming its size and the range', async () => {
    const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { decode: 'software' });
    try {
      const { report: r } = await s.show({ index: 0 });
      const y = r.planes[0];
      const rows = y.height + y.hiddenRowsAfter;
      // The last whole row reads; one row more would leave plane 0's own allocation (the next plane is elsewhere).
      await s.readMemory({ plane: 0, row: rows - 1, rows: 1 }, { index: 0 });
      let e = await errorOf(() => s.readMemory({ plane: 0, row: rows - 1, rows: 2 }, { index: 0 }));
      assert.equal(e?.code, 'MEMORY_RANGE_OUTSIDE_ALLOCATION');
      assert.match(e.message, new RegExp(`allocation of ${r.allocation.rangeSize} bytes`));
      assert.match(e.message, new RegExp(`rows ${rows - 1}\\.\\.${rows} of plane 0`));
      assert.ok(e.remedy.length > 10);
      e = await errorOf(() => s.readMemory({ offset: r.allocation.rangeSize, length: 1 }, { index: 0 }));
      assert.equal(e?.code, 'MEMORY_RANGE_OUTSIDE_ALLOCATION');
      assert.match(e.message, new RegExp(`offset ${r.allocation.rangeSize}, length 1.*allocation of ${r.allocation.rangeSize} bytes`));
      const u = r.planes[1];
      e = await errorOf(() => s.readMemory({ plane: 1, row: 0, rows: 1000 }, { index: 0 }));
      assert.equal(e?.code, 'MEMORY_RANGE_OUTSIDE_ALLOCATION');
      assert.match(e.message, new RegExp(`allocation of ${u.allocation.size} bytes`), 'a plane range reads its own plane');
      // The whole allocation in one byte range reads.
      const whole = await s.readMemory({ offset: 0, length: r.allocation.rangeSize }, { index: 0 });
      assert.equal(whole.bytesRead, r.allocation.rangeSize);
    } finally {
      s.close();
    }
  });

  test('more than 1 MiB is MEMORY_READ_TOO_LARGE naming the cap, checked before the allocation and before a copy', async () => {
    const s = await addon.Session.open(fixture('h264-1080p-420.mp4'), { decode: 'software' });
    try {
      await s.show({ index: 0 });
      const exact = await s.readMemory({ offset: 0, length: CAP }, { index: 0 });
      assert.equal(exact.bytesRead, CAP);
      assert.equal(exact.totalBytesRead, CAP);
      for (const range of [
        { offset: 0, length: CAP + 1 },
        { plane: 0, row: 0, rows: 547 }, // 547 × 1920 = 1050240
        // Over the cap and past the allocation as well: the cap answers first.
        { plane: 0, row: 0, rows: 100000 },
        { offset: 2 ** 40, length: 2 ** 40 },
      ]) {
        const e = await errorOf(() => s.readMemory(range, { index: 0 }));
        assert.equal(e?.code, 'MEMORY_READ_TOO_LARGE', JSON.stringify(range));
        assert.match(e.message, /1 MiB \(1048576 bytes\)/);
      }
      const after = await s.readMemory({ plane: 0, row: 0, rows: 1 }, { index: 0 });
      assert.equal(after.totalBytesRead, CAP + after.bytesRead, 'refused reads copied nothing');
    } finally {
      s.close();
    }
  });

  test('a plane the frame lacks, or columns past the pitch, are INVALID_ARGUMENT', async () => {
    const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { decode: 'software' });
    try {
      const none = await errorOf(() => s.readMemory({ plane: 0, row: 0, rows: 1 }, { index: 0 }));
      assert.equal(none?.code, 'INVALID_ARGUMENT', 'no frame shown yet');
      assert.match(none.message, /Frame 0 is not held by this session \(it holds none\)/);
      const { report: r } = await s.show({ index: 0 });
      const pitch = r.planes[0].pitch;
      for (const [range, pattern] of [
        [{ plane: 3, row: 0, rows: 1 }, /no plane 3; it has 3/],
        [{ plane: 0, row: 0, rows: 1, byteStart: pitch - 10, byteCount: 11 }, new RegExp(`pitch of ${pitch} bytes`)],
        [{ plane: 0, row: 0, rows: 1, byteStart: pitch }, new RegExp(`pitch of ${pitch} bytes`)],
        [{ plane: 0, row: 0 }, /range\.rows/],
        [{ plane: 0, row: 0, rows: 0 }, /range\.rows/],
        [{ plane: 0, row: -1, rows: 1 }, /range\.row/],
        [{ plane: 8, row: 0, rows: 1 }, /range\.plane/],
        [{ plane: 0, row: 0, rows: 1, offset: 0 }, /range\.plane/],
        [{ offset: 0, length: 0 }, /range\.length/],
        [{ offset: 1.5, length: 1 }, /range\.offset/],
        [{ offset: 0, length: 1, extra: 1 }, /range\.extra/],
        [null, /range/],
        ['0..10', /range/],
      ]) {
        const e = await errorOf(() => s.readMemory(range, { index: 0 }));
        assert.equal(e?.code, 'INVALID_ARGUMENT', JSON.stringify(range));
        assert.match(e.message, pattern);
      }
      assert.equal((await errorOf(() => s.readMemory({ offset: 0, length: 1 }, { index: -1 })))?.code, 'INVALID_ARGUMENT');
    } finally {
      s.close();
    }
  });

  test('one call at a time (BUSY), an aborted signal (CANCELLED), a closed session (CLOSED)', async () => {
    const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { decode: 'software' });
    await s.show({ index: 0 });
    const decoding = s.show({ index: 30 });
    assert.equal((await errorOf(() => s.readMemory({ offset: 0, length: 16 }, { index: 0 })))?.code, 'BUSY');
    await decoding;
    const aborted = AbortSignal.abort();
    assert.equal((await errorOf(() => s.readMemory({ offset: 0, length: 16 }, { index: 0, signal: aborted })))?.code, 'CANCELLED');
    const read = await s.readMemory({ offset: 0, length: 16 }, { index: 0, signal: new AbortController().signal });
    assert.equal(read.totalBytesRead, 16, 'refused calls count nothing');
    s.close();
    assert.equal((await errorOf(() => s.readMemory({ offset: 0, length: 16 }, { index: 0 })))?.code, 'CLOSED');
  });

  test('bytes read count per call and per open file', async () => {
    const file = fixture('hevc-main10-1280x720.mp4');
    const s = await addon.Session.open(file, { decode: 'software' });
    try {
      await s.show({ index: 0 });
      const sizes = [[1, 2560], [3, 100], [17, 1]];
      let total = 0;
      for (const [rows, byteCount] of sizes) {
        const read = await s.readMemory({ plane: 0, row: 10, rows, byteStart: 0, byteCount }, { index: 0 });
        total += rows * byteCount;
        assert.equal(read.bytesRead, rows * byteCount);
        assert.equal(read.totalBytesRead, total);
        assert.equal(read.cap, CAP);
      }
      await s.show({ index: 1 });
      assert.equal((await s.readMemory({ offset: 0, length: 5 }, { index: 1 })).totalBytesRead, total + 5, 'the total is the open file\'s');
    } finally {
      s.close();
    }
    const again = await addon.Session.open(file, { decode: 'software' });
    try {
      await again.show({ index: 0 });
      assert.equal((await again.readMemory({ offset: 0, length: 5 }, { index: 0 })).totalBytesRead, 5, 'a new open starts from 0');
    } finally {
      again.close();
    }
  });
});
