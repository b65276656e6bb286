// The RPC's one show (c3472e9) and the native core's restructure changed the road from a key press to NVDEC, not what
// a frame report says: the frame reports of the last GPU run before them (2d2b3ee) and of the first after them
// (62cfda6), the same fixtures on the same kind of card, are equal field by field, except what changes from one
// process to the next: addresses, CUDA contexts, the proof's random canary and timings. So are the GPU tier's records
// over every fixture: the witness on each FFmpeg, the decoder A/B, where NVDEC writes each plane, the cuvid path,
// FFmpeg's copies and the copy-as-code snippets.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const runs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'gpu-runs');
const BEFORE = '2026-12-05-2d2b3ee';
const AFTER = '2026-12-06-62cfda6';

/** Fields that differ between two processes decoding the same frame, by their path with array indices left out. */
const VOLATILE = [
  /^\[\]\.reports\[\]\.aliasing\.(canary|readBack)$/,
  /^\[\]\.reports\[\]\.allocation\.(context|rangeStart)$/,
  /^\[\]\.reports\[\]\.context\.(allocationContext|ffmpegContext|runtimeContext)$/,
  /^\[\]\.reports\[\]\.planes\[\]\.(ffmpegPointer|nvcvPointer)$/,
  /^\[\]\.reports\[\]\.timings\./,
  /^\[\]\.info\.path$/,
];

/** Every path (indices left out) where a and b differ. */
function differences(a, b, at = '', out = new Set()) {
  const shape = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (shape(a) !== shape(b)) out.add(at);
  else if (shape(a) === 'array' || shape(a) === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const next = Array.isArray(a) ? `${at}[]` : `${at}.${key}`;
      if (!(key in a) || !(key in b)) out.add(`${next} (${key in a ? 'before only' : 'after only'})`);
      else differences(a[key], b[key], next, out);
    }
  } else if (a !== b) out.add(at);
  return out;
}

const read = (run) => JSON.parse(fs.readFileSync(path.join(runs, run, 'reports.json'), 'utf8'));

test('the frame reports before and after the one show are equal but for what changes from process to process', () => {
  const before = read(BEFORE).fixtures;
  const after = read(AFTER).fixtures;
  assert.deepEqual(
    after.map((f) => f.file),
    before.map((f) => f.file),
  );
  assert.ok(before.flatMap((f) => f.reports).length >= 18, 'frame reports of several fixtures to compare');
  const differing = [...differences(before, after)].filter((p) => !VOLATILE.some((v) => v.test(p)));
  assert.deepEqual(differing, []);
});

test('in both runs, the pointers that differ still agree with each other: NVCV wraps FFmpeg’s pointer, frame by frame', () => {
  for (const run of [BEFORE, AFTER])
    for (const fixture of read(run).fixtures)
      for (const report of fixture.reports)
        for (const plane of report.planes)
          assert.equal(plane.nvcvPointer, plane.ffmpegPointer, `${run} ${fixture.file} frame ${report.frameIndex}`);
});

/** Every fixture's record of the GPU tier, each with the fields that differ from process to process. */
const RECORDS = {
  'witness-ffmpeg59.json': [],
  'witness-ffmpeg61.json': [],
  'witness-ffmpeg63.json': [],
  'decoder-compare.json': [/^\[\]\.(compareMsMax|compareMsMedian|totalMs)$/, /^\[\]\.deviceVsHost\.(deviceMs|hostMs)$/],
  'surface-layout.json': [],
  'surface-layout-ffmpeg61.json': [],
  'surface-layout-ffmpeg63.json': [/^\[\]\.copy\.pointer$/],
  'cuvid-ffmpeg59.json': [],
  'cuvid-ffmpeg61.json': [],
  'cuvid-ffmpeg63.json': [],
  'ffmpeg-copy-ffmpeg59.json': [/^\[\]\.decodeCopies\[\]\.gpuNs$/, /^\[\]\.planes\[\]\.pointer$/],
  'ffmpeg-copy-ffmpeg61.json': [/^\[\]\.decodeCopies\[\]\.gpuNs$/, /^\[\]\.planes\[\]\.pointer$/],
  'ffmpeg-copy-ffmpeg63.json': [/^\[\]\.decodeCopies\[\]\.gpuNs$/, /^\[\]\.planes\[\]\.pointer$/],
  'copy-code.json': [],
};

for (const [file, volatile] of Object.entries(RECORDS))
  test(`${file}: the same before and after but for what changes from process to process`, () => {
    const [before, after] = [BEFORE, AFTER].map((run) =>
      JSON.parse(fs.readFileSync(path.join(runs, run, file), 'utf8')),
    );
    const differing = [...differences(before, after)].filter((p) => !volatile.some((v) => v.test(p)));
    assert.deepEqual(differing, []);
  });
