// Same frame, two decoders on the GPU: every frame of every fixture (not the damaged or hostile ones) and of the bench
// clips, decoded by NVDEC and by FFmpeg's software decoder, compared on the device on sample values. H.264 and HEVC
// are bit-exact standards: every frame must be identical. Counts and timings go to ZCI_EVIDENCE_DIR/decoder-compare.json.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, codeOf, fixture, hasGpu, sample } from '../native/helpers.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const evidence = [];

after(() => {
  if (process.env.ZCI_EVIDENCE_DIR && evidence.length) {
    fs.writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, 'decoder-compare.json'), JSON.stringify(evidence, null, 1));
  }
});

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : null;
};

/** The figures of one comparison, for the evidence file. */
function record(file, r, extra = {}) {
  const frames = r.frames;
  evidence.push({
    file: path.basename(file),
    codec: r.codec,
    profile: r.profile,
    decoderA: r.decoderA,
    decoderAReason: r.decoderAReason,
    frames: frames.length,
    identicalFrames: frames.filter((f) => f.identical).length,
    differingSamples: frames.reduce((n, f) => n + f.planes.reduce((m, p) => m + p.differing, 0), 0),
    rawWordsDifferFrames: frames.filter((f) => f.rawWordsDiffer).length,
    formatA: frames[0].formatA,
    formatB: frames[0].formatB,
    normalisation: frames[0].normalisation,
    comparedArea: frames[0].comparedArea,
    where: frames[0].where,
    compareMsMedian: median(frames.map((f) => f.compareMs)),
    compareMsMax: Math.max(...frames.map((f) => f.compareMs)),
    bytesUploadedPerFrame: frames[0].bytesUploaded,
    bytesDownloadedPerFrame: frames[0].bytesDownloaded,
    totalMs: r.totalMs,
    rgb: frames[0].rgb,
    bitExactMismatch: r.bitExactMismatch,
    ...extra,
  });
}

function assertAllIdentical(r) {
  const bad = r.frames.filter((f) => !f.identical);
  assert.equal(
    bad.length,
    0,
    `frames ${bad.map((f) => f.index).join(', ')} differ: ${JSON.stringify(bad[0]?.planes.map((p) => [p.plane, p.differing, p.maxAbsDiff, p.firstDifference]))}`,
  );
  assert.equal(r.allIdentical, true);
  assert.equal(r.bitExactMismatch, false);
  for (const f of r.frames) {
    assert.equal(f.bitExactRequired, true);
    assert.equal(f.matched, true);
  }
}

// The fixtures NVDEC decodes (H.264 4:4:4 it does not: it is compared through software + upload below).
const NVDEC_FIXTURES = [
  ['h264-1080p-420.mp4', 'nv12', /^nv12 vs yuv420p; UV deinterleaved \(A\)$/],
  ['h264-odd-642x362.mp4', 'nv12', /^nv12 vs yuv420p; UV deinterleaved \(A\)$/],
  ['hevc-main10-1280x720.mp4', 'p010le', /^p010le >> 6 vs yuv420p10le; UV deinterleaved \(A\)$/],
  // NVDEC decodes HEVC 4:4:4 into planar yuv444p: nothing to deinterleave.
  ['hevc-444-640x360.mp4', 'yuv444p', /^yuv444p vs yuv444p; as stored$/],
];

for (const [file, formatA, normalisation] of NVDEC_FIXTURES) {
  test(`NVDEC against software: every frame of ${file} is identical on sample values`, { skip: !hasGpu }, async () => {
    const r = await addon.compareDecoders(fixture(file));
    assert.equal(r.decoderA, 'nvdec');
    assert.equal(r.decoderB, 'software');
    assert.equal(r.bitExactCodec, true);
    for (const f of r.frames) {
      assert.equal(f.where, 'device');
      assert.equal(f.formatA, formatA);
      assert.match(f.normalisation, normalisation);
      assert.ok(f.bytesUploaded > 0);
      // Only the statistics, the heat maps, and the RGB line's figures come back.
      assert.ok(f.bytesDownloaded < 64 * 1024, `${f.bytesDownloaded} bytes downloaded`);
      assert.ok(f.rgb !== null && f.rgb.a.converter.includes('GPU'));
    }
    assertAllIdentical(r);
    record(fixture(file), r);
  });
}

test('on the Main10 fixture the normalisation works: the stored 16-bit words differ, the 10-bit values do not', { skip: !hasGpu }, async () => {
  const r = await addon.compareDecoders(fixture('hevc-main10-1280x720.mp4'), { frames: [0, 1, 2, 13] });
  for (const f of r.frames) {
    assert.equal(f.formatA, 'p010le');
    assert.equal(f.formatB, 'yuv420p10le');
    assert.equal(f.bitDepth, 10);
    assert.equal(f.rawWordsDiffer, true);
    assert.equal(f.identical, true);
    for (const p of f.planes) {
      assert.equal(p.rawWordsDiffer, true, `plane ${p.plane}'s stored words`);
      assert.equal(p.differing, 0);
    }
  }
});

test('H.264 4:4:4 is not NVDEC\'s: DECODER_COMPARE_UNAVAILABLE, and software + upload against software is identical', { skip: !hasGpu }, async () => {
  assert.equal(await codeOf(() => addon.compareDecoders(fixture('h264-444-640x360.mp4'), { frames: [0] })), 'DECODER_COMPARE_UNAVAILABLE');
  const r = await addon.compareDecoders(fixture('h264-444-640x360.mp4'), { decoderA: 'software-upload' });
  assert.equal(r.decoderA, 'software-upload');
  assert.equal(r.frames[0].where, 'device');
  assertAllIdentical(r);
  record(fixture('h264-444-640x360.mp4'), r);
});

test('NVDEC against software on the sample clip', { skip: !hasGpu }, async () => {
  const r = await addon.compareDecoders(sample);
  assertAllIdentical(r);
  record(sample, r);
});

for (const [file, plane, x, y] of [
  ['h264-1080p-420.mp4', 1, 100, 50],
  ['hevc-main10-1280x720.mp4', 2, 321, 123],
  ['h264-odd-642x362.mp4', 0, 641, 361],
]) {
  test(`a sample planted in plane ${plane} of an NVDEC frame of ${file} is reported exactly, then restored`, { skip: !hasGpu }, async () => {
    let value = 200;
    let r = await addon.compareDecoders(fixture(file), { frames: [7], plant: { plane, x, y, value } });
    if (r.plant.original === value) {
      value = 17;
      r = await addon.compareDecoders(fixture(file), { frames: [7], plant: { plane, x, y, value } });
    }
    assert.match(r.plant.how, /^cuMemcpyHtoD of one [12]-byte word into the device frame$/);
    const f = r.frames[0];
    assert.equal(f.where, 'device');
    assert.equal(r.bitExactMismatch, true);
    for (const [k, p] of f.planes.entries()) {
      if (k !== plane) {
        assert.equal(p.identical, true);
        continue;
      }
      assert.equal(p.differing, 1);
      assert.deepEqual(p.firstDifference, { x, y, valueA: value, valueB: r.plant.original });
      assert.equal(p.heatMap.counts.reduce((a, b) => a + b, 0), 1);
    }
    const again = await addon.compareDecoders(fixture(file), { frames: [7] });
    assert.equal(again.allIdentical, true);
    evidence.push({ file, planted: r.plant, reported: f.planes[plane] && { ...f.planes[plane], heatMap: undefined } });
  });
}

test('the device comparison and the naive one (download, compare on the host) agree', { skip: !hasGpu }, async () => {
  const file = fixture('hevc-main10-1280x720.mp4');
  const plant = { plane: 0, x: 5, y: 6, value: 77 };
  const device = await addon.compareDecoders(file, { frames: [3], plant });
  const host = await addon.compareDecoders(file, { frames: [3], plant, where: 'host' });
  assert.equal(device.frames[0].where, 'device');
  assert.equal(host.frames[0].where, 'host');
  const strip = (f) => f.planes.map((p) => ({ ...p }));
  assert.deepEqual(strip(device.frames[0]), strip(host.frames[0]));
  assert.ok(host.frames[0].bytesDownloaded > device.frames[0].bytesDownloaded);
  evidence.push({
    file: path.basename(file),
    deviceVsHost: {
      deviceMs: device.frames[0].compareMs,
      hostMs: host.frames[0].compareMs,
      deviceBytesDownloaded: device.frames[0].bytesDownloaded,
      hostBytesDownloaded: host.frames[0].bytesDownloaded,
    },
  });
});

// The benchmark clips, every frame (the RGB line on the first only: swscale of every 4K frame would be the bulk).
// Under compute-sanitizer (run.sh OUT memcheck sets ZCI_MEMCHECK=1) their first 10 frames: the same kernels and
// copies, without hundreds of 4K frames run at the sanitizer's pace.
const memcheck = process.env.ZCI_MEMCHECK === '1';
for (const clip of ['bench-1080p-h264.mp4', 'bench-2160p-hevc10.mp4']) {
  const file = path.join(root, 'clips', clip);
  test(`NVDEC against software: ${memcheck ? 'the first 10 frames' : 'every frame'} of clips/${clip} are identical`, { skip: !hasGpu || !fs.existsSync(file) }, async () => {
    const r = await addon.compareDecoders(file, { rgb: false, ...(memcheck ? { frames: [...Array(10).keys()] } : {}) });
    assert.equal(r.decoderA, 'nvdec');
    assertAllIdentical(r);
    const first = await addon.compareDecoders(file, { frames: [0] });
    record(file, r, { rgbFrame0: first.frames[0].rgb });
  });
}
