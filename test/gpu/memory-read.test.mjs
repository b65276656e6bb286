// Reading NVDEC frames' memory: ranges read through the addon (one cuMemcpy2D each) equal the same bytes of one
// linear copy of the whole allocation made by zci_bench (which shares none of the read code), and the hidden rows,
// the next plane and the allocation's tail are labelled as the frame report says they lie.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bench = path.join(root, 'native', 'build', 'zci_bench');

/** The regions of a read as [region, plane, length] runs. */
const runs = (read) => read.regions.map((r) => [r.region, r.plane, r.length]);

/** Runs of n rows of one plane: its visible bytes (or coded ones), then the rest of its pitch as right padding. */
function rowRuns(n, kind, plane, bytes, pitch) {
  const out = [];
  for (let i = 0; i < n; i += 1) out.push([kind, plane.index, bytes], ['right-padding', plane.index, pitch - bytes]);
  return out;
}

/** Merges neighbouring runs of the same region and plane, as the addon's spans are. */
function merged(list) {
  const out = [];
  for (const [region, plane, length] of list) {
    const last = out[out.length - 1];
    if (last && last[0] === region && last[1] === plane) last[2] += length;
    else out.push([region, plane, length]);
  }
  return out;
}

for (const [file, format] of [
  ['h264-1080p-420.mp4', 'nv12'],
  ['hevc-main10-1280x720.mp4', 'p010le'],
  ['h264-odd-642x362.mp4', 'nv12'],
]) {
  test(`${file}: 60 random ranges of 3 NVDEC frames equal one linear copy of the whole allocation`, {
    skip: !hasGpu || !fs.existsSync(bench),
  }, (t) => {
    const out = execFileSync(bench, ['memread', fixture(file), '3'], { encoding: 'utf8', env: { ...process.env, ZCI_DECODE: 'nvdec' } });
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.length, 3);
    for (const l of lines) {
      const where = `frame ${l.frame}: ${JSON.stringify(l)}`;
      assert.equal(l.decodePath, 'nvdec', where);
      assert.equal(l.format, format, where);
      assert.equal(l.witness, 'cuMemcpyDtoH', where);
      assert.equal(l.planesInOneAllocation, true, where);
      assert.ok(l.ranges >= 50, where);
      assert.ok(l.hiddenRowReads > 0 && l.crossingReads > 0 && l.tailReads > 0, where);
      assert.ok(l.nextPlaneSpans > 0, `reads across into the chroma plane are labelled next-plane: ${where}`);
      assert.equal(l.byteMismatches, 0, where);
      assert.equal(l.countMismatches, 0, where);
      assert.equal(l.labelMismatches, 0, where);
      assert.equal(l.bytesRead, l.bytesAsked, `bytes that crossed equal bytes asked: ${where}`);
      assert.equal(l.ok, true, where);
      t.diagnostic(`${file} frame ${l.frame}: ${l.ranges} ranges, ${l.bytesRead} bytes, all equal`);
    }
  });
}

test('1080p NVDEC: the 8 coded rows below the picture, then the chroma plane, labelled; luma equals the software decode', {
  skip: !hasGpu,
}, async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'), { decode: 'nvdec' });
  const soft = await addon.Session.open(fixture('h264-1080p-420.mp4'), { decode: 'software' });
  try {
    const { report: r } = await s.show({ index: 7 });
    await soft.show({ index: 7 });
    const [y, uv] = r.planes;
    assert.equal(r.allocation.planesInOneAllocation, true);
    assert.equal(y.codedHeight, 1088);
    assert.equal(y.codedRowsNotDisplayed, 8);
    assert.equal(y.allocatorPaddingRows, 0, 'NVDEC puts chroma right after the coded rows');
    assert.equal(y.offsetFromPlane0, 0);
    assert.equal(uv.offsetFromPlane0, 1088 * y.pitch);
    assert.equal(uv.separateAllocation, false);
    assert.equal(uv.allocation, null);
    assert.equal(uv.codedRowsNotDisplayed, 4);
    const read = await s.readMemory({ plane: 0, row: 1078, rows: 12 }, { index: 7 });
    assert.equal(read.source, 'device-2d-copy');
    assert.equal(read.bytesRead, 12 * y.pitch);
    assert.equal(read.allocation.size, r.allocation.rangeSize);
    assert.equal(read.allocation.separate, false);
    assert.deepEqual(
      runs(read),
      merged([
        ...rowRuns(2, 'visible', y, y.visibleBytesPerRow, y.pitch),
        ...rowRuns(8, 'coded-not-displayed', y, y.codedWidth, y.pitch),
        ['next-plane', 1, 2 * y.pitch],
      ]),
    );
    // The same rows read through the chroma plane are its own first rows, visible.
    const chroma = await s.readMemory({ plane: 1, row: 0, rows: 2 }, { index: 7 });
    assert.deepEqual(Buffer.from(chroma.data), Buffer.from(read.data.subarray(10 * y.pitch)));
    // The allocation's tail after the chroma plane's coded rows.
    const size = r.allocation.rangeSize;
    const tailRows = (size - uv.offsetInAllocation) / uv.pitch - uv.height;
    assert.equal(tailRows, uv.hiddenRowsAfter);
    const tail = await s.readMemory({ offset: size - uv.pitch, length: uv.pitch }, { index: 7 });
    assert.deepEqual(runs(tail), [
      ['coded-not-displayed', 1, uv.codedWidth * uv.bytesPerPixel],
      ['right-padding', 1, uv.pitch - uv.codedWidth * uv.bytesPerPixel],
    ]);
    // NVDEC and FFmpeg's software decoder decode H.264 to the same luma samples.
    const width = y.visibleBytesPerRow;
    const device = await s.readMemory({ plane: 0, row: 500, rows: 8, byteStart: 0, byteCount: width }, { index: 7 });
    const host = await soft.readMemory({ plane: 0, row: 500, rows: 8, byteStart: 0, byteCount: width }, { index: 7 });
    assert.equal(host.source, 'host');
    assert.deepEqual(Buffer.from(device.data), Buffer.from(host.data));
    // Past the allocation, and over the cap, each named.
    // One row more than the chroma plane's rows to the allocation's end, 64 bytes of each (under the cap).
    const past = await s.readMemory({ plane: 1, row: 0, rows: uv.height + uv.hiddenRowsAfter + 1, byteStart: 0, byteCount: 64 }, { index: 7 }).catch((e) => e);
    assert.equal(past.code, 'MEMORY_RANGE_OUTSIDE_ALLOCATION');
    assert.match(past.message, new RegExp(`allocation of ${size} bytes`));
    const big = await s.readMemory({ plane: 0, row: 0, rows: 513 }, { index: 7 }).catch((e) => e);
    assert.equal(big.code, 'MEMORY_READ_TOO_LARGE');
    assert.match(big.message, /1048576 bytes/);
    assert.equal(
      (await s.readMemory({ offset: 0, length: 1 }, { index: 7 })).totalBytesRead,
      12 * y.pitch + chroma.bytesRead + tail.bytesRead + device.bytesRead + 1,
    );
  } finally {
    s.close();
    soft.close();
  }
});

test('odd 642x362 NVDEC: coded columns right of the picture, then the driver\'s right padding', { skip: !hasGpu }, async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { decode: 'nvdec' });
  try {
    const { report: r } = await s.show({ index: 3 });
    const [y] = r.planes;
    assert.equal(y.codedWidth, 656);
    assert.equal(y.codedHeight, 368);
    assert.equal(y.codedColumnsNotDisplayed, 14);
    const read = await s.readMemory({ plane: 0, row: 361, rows: 1 }, { index: 3 });
    assert.deepEqual(runs(read), [
      ['visible', 0, 642],
      ['coded-not-displayed', 0, 14],
      ['right-padding', 0, y.pitch - 656],
    ]);
  } finally {
    s.close();
  }
});
