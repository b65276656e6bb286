// Same frame, two decoders, on the CPU: the software decoder against itself (NVDEC needs a GPU: test/gpu), which
// must be identical on every fixture; a planted sample must be reported at exactly its place with both values.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, fixture, hasGpu } from './helpers.mjs';

const FIXTURES = [
  ['h264-1080p-420.mp4', /^yuv420p vs yuv420p; as stored$/],
  ['h264-444-640x360.mp4', /^yuv444p vs yuv444p; as stored$/],
  ['h264-odd-642x362.mp4', /^yuv420p vs yuv420p; as stored$/],
  ['hevc-444-640x360.mp4', /^yuv444p vs yuv444p; as stored$/],
  ['hevc-main10-1280x720.mp4', /^yuv420p10le vs yuv420p10le; as stored$/],
];

const sumOf = (counts) => counts.reduce((a, b) => a + b, 0);

for (const [file, normalisation] of FIXTURES) {
  test(`software against software is identical on ${file}, plane by plane, with the RGB line's matrices`, async () => {
    const r = await addon.compareDecoders(fixture(file), { frames: [0, 1, 13], decoderA: 'software' });
    assert.equal(r.decoderA, 'software');
    assert.equal(r.decoderB, 'software');
    assert.equal(r.bitExactCodec, true); // H.264 and HEVC
    assert.equal(r.allIdentical, true);
    assert.equal(r.bitExactMismatch, false);
    assert.equal(r.plant, null);
    assert.deepEqual(
      r.frames.map((f) => f.index),
      [0, 1, 13],
    );
    for (const f of r.frames) {
      assert.match(f.normalisation, normalisation);
      assert.equal(f.where, 'host');
      assert.equal(f.identical, true);
      assert.equal(f.rawWordsDiffer, false);
      assert.equal(f.matched, true);
      assert.equal(f.bitExactRequired, true);
      assert.equal(f.codedRowsCompared, false);
      assert.match(f.comparedArea, /^the displayed \d+x\d+; /);
      assert.deepEqual(
        f.planes.map((p) => p.plane),
        ['Y', 'U', 'V'],
      );
      for (const p of f.planes) {
        assert.equal(p.identical, true);
        assert.equal(p.differing, 0);
        assert.equal(p.maxAbsDiff, 0);
        assert.equal(p.firstDifference, null);
        assert.equal(p.heatMap.counts.length, p.heatMap.width * p.heatMap.height);
        assert.ok(p.heatMap.width <= 64 && p.heatMap.height <= 36);
        assert.equal(sumOf(p.heatMap.counts), 0);
      }
      // The RGB line states who converted and with which matrix and range, on each side.
      assert.match(f.rgb.a.converter, /inspector's conversion formula/);
      assert.match(f.rgb.b.converter, /^swscale .* -> rgb24/);
      assert.match(f.rgb.a.matrix, /^BT\.(601|709|2020)$/);
      assert.equal(f.rgb.a.matrix, f.rgb.b.matrix);
      assert.equal(f.rgb.a.range, 'limited');
      assert.equal(f.rgb.b.range, 'limited');
      // Two different conversions of identical samples: they may round differently, never by much.
      assert.ok(f.rgb.maxAbsDiff <= 2, `RGB differs by ${f.rgb.maxAbsDiff}`);
      assert.equal(f.rgb.identical, f.rgb.differing === 0);
    }
  });
}

test('the 1080p H.264 fixture says its coded rows 1080..1087 were not compared', async () => {
  const r = await addon.compareDecoders(fixture('h264-1080p-420.mp4'), { frames: [2], decoderA: 'software' });
  assert.match(r.frames[0].comparedArea, /the displayed 1920x1080; .*rows 1080\.\.1087 were not compared/);
  assert.equal(r.frames[0].rgb.a.matrix, 'BT.709');
});

// Plants value at (x, y) of plane, choosing a value the sample does not already have.
async function planted(file, plane, x, y, frames = [5]) {
  let value = 200;
  let r = await addon.compareDecoders(fixture(file), { frames, decoderA: 'software', plant: { plane, x, y, value } });
  if (r.plant.original === value) {
    value = 17;
    r = await addon.compareDecoders(fixture(file), { frames, decoderA: 'software', plant: { plane, x, y, value } });
  }
  return { r, value };
}

for (const [file, plane, x, y] of [
  ['h264-1080p-420.mp4', 0, 1234, 567],
  ['h264-odd-642x362.mp4', 2, 320, 180],
  ['hevc-main10-1280x720.mp4', 1, 10, 5],
  ['hevc-444-640x360.mp4', 2, 639, 359],
]) {
  test(`a sample planted in plane ${plane} of ${file} is reported at exactly (${x}, ${y}) with both values`, async () => {
    const { r, value } = await planted(file, plane, x, y);
    assert.deepEqual(
      { plane: r.plant.plane, x: r.plant.x, y: r.plant.y, value: r.plant.value },
      { plane: 'YUV'[plane], x, y, value },
    );
    assert.match(r.plant.how, /direct write of one [12]-byte word into the host frame/);
    assert.equal(r.allIdentical, false);
    assert.equal(r.bitExactMismatch, true);
    const f = r.frames[0];
    assert.equal(f.identical, false);
    assert.equal(f.matched, false);
    for (const [k, p] of f.planes.entries()) {
      if (k !== plane) {
        assert.equal(p.identical, true);
        continue;
      }
      assert.equal(p.differing, 1);
      assert.deepEqual(p.firstDifference, { x, y, valueA: value, valueB: r.plant.original });
      assert.equal(p.maxAbsDiff, Math.abs(value - r.plant.original));
      assert.equal(sumOf(p.heatMap.counts), 1);
      const cx = Math.floor((x * p.heatMap.width) / p.width);
      const cy = Math.floor((y * p.heatMap.height) / p.height);
      assert.equal(p.heatMap.counts[cy * p.heatMap.width + cx], 1);
    }
    // The RGB line sees the planted sample too: the converted pixel changes.
    assert.equal(f.rgb.identical, false);
  });
}

test('the planted sample is restored: the next comparison of the same frame is identical', async () => {
  await planted('h264-1080p-420.mp4', 0, 3, 3);
  const again = await addon.compareDecoders(fixture('h264-1080p-420.mp4'), { frames: [5], decoderA: 'software' });
  assert.equal(again.allIdentical, true);
});

test('bad frames and arguments are refused with stable codes', async () => {
  const file = fixture('h264-odd-642x362.mp4');
  const soft = { decoderA: 'software' };
  assert.equal(await codeOf(() => addon.compareDecoders(file, { ...soft, frames: [99999] })), 'FRAME_OUT_OF_RANGE');
  assert.equal(await codeOf(() => addon.compareDecoders(file, { ...soft, frames: [-1] })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.compareDecoders(file, { ...soft, frames: [] })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.compareDecoders(file, { ...soft, frames: [1.5] })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.compareDecoders(file, { ...soft, frames: 'x' })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.compareDecoders(file, { frames: [0], decoderA: 'auto' })), 'INVALID_ARGUMENT');
  assert.equal(
    await codeOf(() => addon.compareDecoders(file, { ...soft, frames: [0], decoderB: 'nvdec' })),
    'INVALID_ARGUMENT',
  );
  assert.equal(await codeOf(() => addon.compareDecoders(file, { ...soft, frames: [0], where: 'gpu' })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.compareDecoders('', { ...soft, frames: [0] })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.compareDecoders(file, 5)), 'INVALID_ARGUMENT');
  assert.equal(
    await codeOf(() => addon.compareDecoders(fixture('missing.mp4'), { ...soft, frames: [0] })),
    'FILE_NOT_FOUND',
  );
  assert.equal(
    await codeOf(() => addon.compareDecoders(fixture('audio-only.m4a'), { ...soft, frames: [0] })),
    'NO_VIDEO_STREAM',
  );
  // The plant: a plane that does not exist, a place outside the plane, a value the bit depth cannot hold.
  for (const plant of [
    { plane: 3, x: 0, y: 0, value: 1 },
    { plane: 1, x: 321, y: 0, value: 1 },
    { plane: 0, x: 0, y: 362, value: 1 },
    { plane: 0, x: 0, y: 0, value: 256 },
    { plane: 0, x: -1, y: 0, value: 1 },
  ]) {
    assert.equal(await codeOf(() => addon.compareDecoders(file, { ...soft, frames: [0], plant })), 'INVALID_ARGUMENT');
  }
});

test('an aborted signal cancels the comparison', async () => {
  const controller = new AbortController();
  controller.abort();
  const code = await codeOf(() =>
    addon.compareDecoders(fixture('h264-odd-642x362.mp4'), {
      frames: [0],
      decoderA: 'software',
      signal: controller.signal,
    }),
  );
  assert.equal(code, 'CANCELLED');
});

test('NVDEC against software needs a GPU: without one it is DECODER_COMPARE_UNAVAILABLE, with a remedy', { skip: hasGpu }, async () => {
  try {
    await addon.compareDecoders(fixture('h264-odd-642x362.mp4'), { frames: [0] });
    assert.fail('expected a rejection');
  } catch (e) {
    assert.equal(e.code, 'DECODER_COMPARE_UNAVAILABLE');
    assert.match(e.message, /nvdec decoding is not usable here \(NO_CUDA_DEVICE/);
    assert.match(e.remedy, /software,software/);
  }
});

test('every frame is compared when no frames are named', async () => {
  const r = await addon.compareDecoders(fixture('h264-444-640x360.mp4'), { decoderA: 'software', rgb: false });
  assert.ok(r.frames.length > 13);
  assert.deepEqual(
    r.frames.map((f) => f.index),
    [...r.frames.keys()],
  );
  assert.equal(r.allIdentical, true);
  assert.equal(r.frames[0].rgb, null);
});
