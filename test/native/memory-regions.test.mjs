// Region labels where planes share one allocation, as NVDEC's frames do: on a frame FFmpeg allocates in one buffer
// (av_frame_get_buffer: each plane after the last, padded to 32 rows, a few bytes apart), read through the core's
// memory read by zci_bench regions. Software decoding gives every plane its own buffer, so this is where the tier
// without a GPU sees the next plane, the gap between planes and the tail labelled.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bench = path.join(root, 'native', 'build', 'zci_bench');
const skip = !fs.existsSync(bench) && 'zci_bench is not built';

/** The planes (one line each) and each range's answer. */
function regions(format, size, coded, ...ranges) {
  const lines = execFileSync(bench, ['regions', format, size, coded, ...ranges], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const planes = lines.filter((l) => l.plane !== undefined);
  const reads = lines.filter((l) => l.range !== undefined);
  for (const r of reads) if (r.error === undefined) assert.equal(r.bytesEqual, true, `${r.range}: bytes`);
  return { planes, reads };
}

/** "region/plane/length" runs, merged as the read's spans are. */
function spans(list) {
  const out = [];
  for (const [region, plane, length] of list) {
    const last = out[out.length - 1];
    if (last && last[0] === region && last[1] === plane) last[2] += length;
    else out.push([region, plane, length]);
  }
  return out.map(([region, plane, length]) => `${region}/${plane}/${length}`).join(',');
}

/** n rows of a plane: [kind] bytes, then coded columns, then right padding. */
function rows(n, kind, plane, p) {
  const out = [];
  const visible = p.width * p.bytesPerPixel;
  const coded = p.codedWidth * p.bytesPerPixel;
  for (let i = 0; i < n; i += 1) {
    if (kind === 'visible') out.push(['visible', plane, visible], ['coded-not-displayed', plane, coded - visible]);
    else out.push(['coded-not-displayed', plane, coded]);
    out.push(['right-padding', plane, p.pitch - coded]);
  }
  return out.filter(([, , length]) => length > 0);
}

test('NV12 642x362 coded 656x368: coded rows, allocator padding, the gap, then the next plane', { skip }, () => {
  const { planes } = regions('nv12', '642x362', '656x368');
  const [y, uv] = planes;
  assert.equal(y.allocation, uv.allocation, 'one buffer');
  assert.equal(y.codedHeight, 368);
  assert.equal(uv.codedWidth, 328);
  assert.equal(uv.codedHeight, 184);
  const gap = uv.offset - y.rows * y.pitch;
  assert.ok(gap > 0 && gap < y.pitch, `a gap of ${gap} bytes between the planes`);
  const last = y.rows - 1;
  const { reads } = regions(
    'nv12',
    '642x362',
    '656x368',
    `p:0:360:${y.rows - 360 + 2}`,
    `b:${last * y.pitch}:${y.pitch + gap + 10}`,
    `p:1:180:${uv.rows - 180}`,
    `b:${uv.offset + uv.rows * uv.pitch - 5}:${y.allocationBytes - (uv.offset + uv.rows * uv.pitch) + 5}`,
    `p:0:${y.rows}:3`,
  );
  const [across, gapRange, chroma, tail, past] = reads;
  // Through plane 0: its last displayed rows, the coded ones, the allocator's, the gap, then two rows of plane 1.
  const rest = 2 * y.pitch - gap;
  assert.equal(
    across.spans,
    spans([
      ...rows(2, 'visible', 0, y),
      ...rows(6, 'coded', 0, y),
      ['allocator-padding', 0, (y.rows - 368) * y.pitch],
      ['outside-planes', '-', gap],
      ['next-plane', 1, rest],
    ]),
  );
  // A byte range names each plane's bytes by their own kind.
  assert.equal(
    gapRange.spans,
    spans([
      ['allocator-padding', 0, y.pitch],
      ['outside-planes', '-', gap],
      ['visible', 1, 10],
    ]),
  );
  assert.equal(
    chroma.spans,
    spans([...rows(1, 'visible', 1, uv), ...rows(3, 'coded', 1, uv), ['allocator-padding', 1, (uv.rows - 184) * uv.pitch]]),
  );
  assert.equal(
    tail.spans,
    spans([
      ['allocator-padding', 1, 5],
      ['outside-planes', '-', y.allocationBytes - (uv.offset + uv.rows * uv.pitch)],
    ]),
  );
  // Rows past plane 0's own read on into the gap and plane 1: still inside the allocation.
  assert.match(past.spans, /^outside-planes\/-\/\d+,next-plane\/1\/\d+$/);
});

test('P010 1920x1080 coded 1920x1088: no allocator padding before the chroma plane', { skip }, () => {
  const { planes, reads } = regions('p010le', '1920x1080', '1920x1088', 'p:0:1079:10', 'p:1:539:5');
  const [y, uv] = planes;
  assert.equal(y.bytesPerPixel, 2);
  assert.equal(y.rows, 1088, 'av_frame_get_buffer pads to 32 rows: 1088');
  assert.equal(
    reads[0].spans,
    spans([
      ...rows(1, 'visible', 0, y),
      ...rows(8, 'coded', 0, y),
      ['outside-planes', '-', uv.offset - 1088 * y.pitch],
      ['next-plane', 1, y.pitch - (uv.offset - 1088 * y.pitch)],
    ]),
  );
  assert.equal(reads[1].spans, spans([...rows(1, 'visible', 1, uv), ...rows(4, 'coded', 1, uv)]));
});

test('yuv420p: three planes one after another; each plane range is labelled from its own plane', { skip }, () => {
  const { planes, reads } = regions('yuv420p', '640x360', '640x368', 'p:1:183:2', 'p:2:0:1', `p:2:0:1000`);
  assert.equal(planes.length, 3);
  const [, u, v] = planes;
  assert.equal(u.codedHeight, 184);
  assert.equal(reads[0].spans, spans([...rows(1, 'coded', 1, u), ['allocator-padding', 1, u.pitch]]));
  assert.equal(reads[1].spans, spans(rows(1, 'visible', 2, v)));
  assert.equal(reads[2].error, 'MEMORY_RANGE_OUTSIDE_ALLOCATION');
  assert.match(reads[2].message, new RegExp(`allocation of ${v.allocationBytes} bytes`));
  assert.equal(u.allocation, v.allocation);
});
