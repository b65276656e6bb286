// The copy ledger on NVDEC frames: CUPTI's own account of every copy a step asked the GPU to do, by stage, against
// what the inspector says it did: nothing in the wrap, the proof's canary upload and read-backs in evidence,
// the thumbnails' bytes as the inspector counts them, nothing unattributed; software-upload's one upload a plane in
// decode; and the naive whole-frame download (zci_bench) with the bytes of pitch × rows of every plane.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bench = path.join(root, 'native', 'build', 'zci_bench');
const CANARY_RESULT_BYTES = 24; // kernels::CanaryResult: original, seen, after, 8 bytes each
const CANARY_BYTES = 8;

/**
 * The copies the aliasing proof makes for `exchanges` canary exchanges, by its witness: CV-CUDA's Flip uploads the
 * canary once and brings back every exchange's original, seen and after bytes behind it in one download; the kernel
 * brings back every exchange's 24 bytes in one download too, without the upload (the canary is its argument).
 */
function proofCopies(method, exchanges) {
  if (method === 'cvcuda-flip')
    return [
      ['htod', CANARY_BYTES, 'pageable'],
      ['dtoh', CANARY_BYTES + exchanges * CANARY_RESULT_BYTES, 'device'],
    ];
  assert.equal(method, 'device-kernel');
  // One kernel takes every exchange of the frame in turn: one read-back of all their results.
  return [['dtoh', exchanges * CANARY_RESULT_BYTES, 'device']];
}
const evidence = [];

/** Bytes and count of one stage's records of one kind. */
function sum(ledger, stage, kind) {
  const rs = ledger.records.filter((r) => r.stage === stage && (kind === undefined || r.kind === kind));
  return { bytes: rs.reduce((a, r) => a + r.bytes, 0), count: rs.length, records: rs };
}

/** The totals must be the records' sums, stage by stage and kind by kind. */
function assertTotals(ledger) {
  for (const t of ledger.totals) {
    const s = sum(ledger, t.stage, t.kind);
    assert.deepEqual([t.bytes, t.count], [s.bytes, s.count], `${t.stage}/${t.kind}`);
  }
  assert.equal(
    ledger.totals.reduce((a, t) => a + t.count, 0),
    ledger.records.length,
  );
}

test.after(() => {
  if (process.env.ZCI_EVIDENCE_DIR && evidence.length)
    fs.writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, 'ledger.json'), JSON.stringify(evidence, null, 1));
});

for (const [file, planes] of [
  ['h264-1080p-420.mp4', 2],
  ['hevc-main10-1280x720.mp4', 2],
]) {
  test(`${file}, NVDEC: each step's copies are the proof's read-backs and the thumbnails, nothing in the wrap`, { skip: !hasGpu }, async (t) => {
    const s = await addon.Session.open(fixture(file), { decode: 'nvdec', ledger: true });
    try {
      const warm = await s.show({ index: 0 }, { thumbnailWidth: 64 }); // first use loads the kernels; steady steps are checked
      if (warm.ledger.reason === 'CUPTI_IN_USE') return t.skip(warm.ledger.message); // a profiler or sanitizer holds CUPTI
      for (const n of [1, 2, 3, 4]) {
        const r = await s.show({ index: n }, { thumbnailWidth: 64 });
        const l = r.ledger;
        evidence.push({ file, decode: 'nvdec', step: n, report: { planes: r.report.planes, allocation: r.report.allocation }, ledger: l });
        assert.equal(l.reason, 'RECORDING', l.message);
        assert.equal(l.dropped, 0);
        assertTotals(l);
        assert.equal(r.report.planes.length, planes);
        assert.deepEqual(sum(l, 'unattributed').records, [], 'nothing outside a stage');
        assert.deepEqual(sum(l, 'wrap').records, [], 'the wrap copies nothing');
        // Decoding: NVDEC's output reaches the frame without the host: no upload, no download.
        assert.equal(sum(l, 'decode', 'htod').count, 0);
        assert.equal(sum(l, 'decode', 'dtoh').count, 0);
        for (const d of sum(l, 'decode').records) {
          // FFmpeg's own work on its surfaces: device copies, and memsets when NVDEC sets up or a frame is released.
          assert.ok(['dtod', 'memset'].includes(d.kind), JSON.stringify(d));
          assert.ok(d.bytes <= r.report.allocation.rangeSize, `a decode copy within one surface (${d.bytes} bytes)`);
        }
        // The proof: two canary exchanges a plane (its first and its last row).
        const proof = sum(l, 'evidence');
        assert.equal(r.report.aliasing.passed, true);
        assert.deepEqual(
          proof.records.map((x) => [x.kind, x.bytes, x.srcKind]),
          proofCopies(r.report.aliasing.method, 2 * planes),
        );
        // The thumbnails: the ledger's downloads equal what the inspector reports, and the pictures' own sizes.
        const thumbs = sum(l, 'thumbnail');
        const pictures = r.thumbnails.reduce((a, t) => a + t.width * t.height, 0);
        assert.equal(thumbs.count, r.thumbnails.length);
        assert.ok(thumbs.records.every((x) => x.kind === 'dtoh'));
        assert.equal(thumbs.bytes, l.reported.thumbnailBytes);
        assert.equal(l.reported.thumbnailBytes, pictures);
        assert.deepEqual(
          [...new Set(l.records.map((x) => x.stage))].filter((st) => !['decode', 'evidence', 'thumbnail'].includes(st)),
          [],
          'no other stage copied',
        );
      }
      // A bare frame call answers its own ledger beside the report; switched off, the next one says so.
      const f = await s.show({ index: 5 });
      assert.equal(f.ledger.reason, 'RECORDING');
      assert.equal('ledger' in f.report, false);
      assert.equal(
        sum(f.ledger, 'evidence').count,
        proofCopies(f.report.aliasing.method, 2 * planes).length,
        'two canary exchanges a plane',
      );
      assert.equal(s.setLedger(false), false);
      assert.equal((await s.show({ index: 6 })).ledger.reason, 'DISABLED');
      assert.equal(s.setLedger(true), true);
    } finally {
      s.close();
    }
  });
}

test('software-upload: one upload a plane in decode, from host memory to the device', { skip: !hasGpu }, async (t) => {
  const s = await addon.Session.open(fixture('hevc-main10-1280x720.mp4'), { decode: 'software-upload', ledger: true });
  try {
    const warm = await s.show({ index: 0 }, { thumbnailWidth: 64 });
    if (warm.ledger.reason === 'CUPTI_IN_USE') return t.skip(warm.ledger.message);
    for (const n of [1, 2, 3]) {
      const r = await s.show({ index: n }, { thumbnailWidth: 64, proof: false });
      const l = r.ledger;
      evidence.push({ file: 'hevc-main10-1280x720.mp4', decode: 'software-upload', step: n, ledger: l });
      assert.equal(l.reason, 'RECORDING', l.message);
      assertTotals(l);
      const up = sum(l, 'decode', 'htod');
      assert.ok(up.count > 0 && up.count % r.report.planes.length === 0, `${up.count} uploads of ${r.report.planes.length} planes`);
      assert.equal(sum(l, 'decode').count, up.count, 'decode does nothing but upload');
      assert.ok(up.records.every((x) => x.dstKind === 'device' && ['pageable', 'pinned'].includes(x.srcKind)));
      // Each upload is one plane: at most its pitch × rows on the device.
      const largest = Math.max(...r.report.planes.map((p) => p.pitch * p.height));
      assert.ok(up.records.every((x) => x.bytes > 0 && x.bytes <= largest), `uploads within ${largest} bytes`);
      assert.deepEqual(sum(l, 'unattributed').records, []);
      assert.deepEqual(sum(l, 'wrap').records, []);
      assert.equal(sum(l, 'thumbnail').bytes, l.reported.thumbnailBytes);
    }
  } finally {
    s.close();
  }
});

// What a capture asks of a session, frame by frame: one show() call with the thumbnails and a preview, then a jump to
// a later frame. Each answer holds the copies of its call, so no frame's copies are filed under the next; opening
// (NVDEC's setup, the first decode) is the decode stage's; releasing a held frame is not the wrap's.
test('a capture’s calls: the open is decode, one call answers the frame’s, the thumbnails’ and the preview’s copies, a jump starts clean', { skip: !hasGpu ? 'needs a GPU' : !addon.environment().cvcuda.loaded ? 'needs CV-CUDA: the preview is a CV-CUDA operator' : false }, async (t) => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'), { decode: 'nvdec', ledger: true });
  try {
    // A backend asks for the environment report while the session records (the decoder panel's capability table):
    // the driver's capability queries were asked once, before the ledger started, and put nothing in frame 0's.
    const env = addon.environment();
    assert.ok(env.nvdecCaps.rows.length > 0, JSON.stringify(env.nvdecCaps.error));
    const steps = [];
    for (const index of [0, 24, 47]) {
      const shown = await s.show({ index }, { thumbnailWidth: 64, previews: [{ op: 'convert', maxWidth: 64 }] });
      const l = shown.ledger;
      if (l.reason === 'CUPTI_IN_USE') return t.skip(l.message);
      const [{ result: preview, error }] = shown.previews;
      assert.equal(error, null, error?.message);
      steps.push({ index, ledger: l });
      evidence.push({ file: 'h264-1080p-420.mp4', decode: 'nvdec', step: `capture call, frame ${index}: report, thumbnails and preview`, ledger: l });
      assert.equal(l.reason, 'RECORDING', l.message);
      assertTotals(l);
      assert.deepEqual(sum(l, 'unattributed').records, [], `frame ${index}: nothing outside a stage`);
      assert.deepEqual(sum(l, 'wrap').records, [], `frame ${index}: the wrap copies nothing`);
      // Decode, the proof, the thumbnails and the preview only (NVDEC's setup memsets count as decode).
      assert.deepEqual(
        [...new Set(l.records.map((r) => r.stage))].filter((st) => !['decode', 'evidence', 'thumbnail', 'preview'].includes(st)),
        [],
        `frame ${index}: ${JSON.stringify(l.totals)}`,
      );
      assert.equal(sum(l, 'decode', 'htod').count, 0);
      assert.equal(sum(l, 'decode', 'dtoh').count, 0);
      // The thumbnails' downloads (as the inspector counts them), then the preview's.
      const thumbs = sum(l, 'thumbnail');
      assert.equal(thumbs.count, shown.thumbnails.length);
      assert.equal(thumbs.bytes, l.reported.thumbnailBytes);
      assert.equal(thumbs.bytes, shown.thumbnails.reduce((a, x) => a + x.width * x.height, 0));
      assert.ok(sum(l, 'preview').count > 0, 'the preview downloads its picture');
      assert.equal(l.reported.previewBytes, preview.bytesDownloaded);
    }
    assert.equal(steps.length, 3);
  } finally {
    s.close();
  }
});

test('the naive path for contrast: the whole frame downloaded is pitch × rows of every plane', { skip: !hasGpu || !fs.existsSync(bench) }, async (t) => {
  const file = fixture('h264-1080p-420.mp4');
  const s = await addon.Session.open(file, { decode: 'nvdec', ledger: false });
  const { report } = await s.show({ index: 0 }, { proof: false });
  s.close();
  const expected = report.planes.reduce((a, p) => a + p.pitch * p.height, 0);
  let out;
  try {
    out = execFileSync(bench, ['ledger', file, '3', '3'], { encoding: 'utf8', env: { ...process.env, ZCI_DECODE: 'nvdec' } });
  } catch (e) {
    out = e.stdout ?? ''; // exit 1: tracing could not run; the lines say why
  }
  const lines = out.trim().split('\n').map((x) => JSON.parse(x));
  evidence.push({ file: 'h264-1080p-420.mp4', bench: lines });
  const steps = lines.filter((x) => x.bench === 'ledger');
  if (steps[0]?.reason === 'CUPTI_IN_USE') return t.skip(steps[0].message);
  assert.equal(steps.length, 3);
  for (const step of steps) {
    assert.equal(step.reason, 'RECORDING', step.message);
    assert.equal(step.naiveBytesExpected, expected);
    assert.deepEqual(
      step.naiveTotals.map((x) => [x.stage, x.kind, x.bytes, x.count]),
      [['naive', 'dtoh', expected, report.planes.length]],
    );
    const inspector = step.totals.filter((x) => x.kind === 'dtoh').reduce((a, x) => a + x.bytes, 0);
    assert.ok(inspector * 10 < expected, `the inspector downloads ${inspector} bytes, the naive path ${expected}`);
  }
  const cost = lines.find((x) => x.bench === 'ledger-cost');
  assert.ok(cost && cost.rounds >= 3 && cost.onP50Ms > 0 && cost.offP50Ms > 0);
});
