// NVDEC frame threads (the open's nvdecThreads; `inspect FILE` over every frame asks for 4) against the default of
// one, every frame of each fixture: the same path, the same pictures in the same order (each frame's index band), the
// same plane layouts and pointer matches, the same decoder-witness verdicts (every odd-height chroma plane still one
// row early), the same proof outcome and the same concealed frames. What may differ: the pointers themselves (other
// surfaces), the timings, and the damage flags, which frame threads leave out (damage.h).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

import { addon, bandIndex, fixture, hasGpu } from '../native/helpers.mjs';

// Fixtures NVDEC decodes on every GPU of this tier, with and without frame threads in FFmpeg's decoder (MPEG-2 has
// slice threads only, so it reports one frame thread either way), and the damaged one, whose concealment NVDEC does
// on its own.
const FIXTURES = [
  ['h264-1080p-420.mp4', true],
  ['h264-odd-642x362.mp4', true],
  ['hevc-main10-1280x720.mp4', true],
  ['vp9-odd-641x361.webm', true],
  ['mpeg2-odd-640x361.mkv', false],
  ['h264-damaged-642x362.mp4', true],
];
const THREADS = 4;
// An FFmpeg with the project's odd-height fix (docs/upstream) names itself so: its chroma is not shifted.
const fixed = /-nvdec-odd-height/.test(addon.environment().ffmpeg.version);
// Bands are read on these frames (a thumbnail each); the rest compare their reports.
const BAND_EVERY = 10;

/** What must not change with frame threads, from one frame's report. */
function invariant(r) {
  return {
    frameIndex: r.frameIndex,
    pts: r.pts,
    keyFrame: r.keyFrame,
    decodePath: r.decodePath,
    format: r.format,
    planes: r.planes.map((p) => [p.name, p.width, p.height, p.pitch, p.offsetFromPlane0, p.nvcvRowStride, p.match]),
    wrap: r.wrap.available,
    aliasing: [r.aliasing.ran, r.aliasing.passed, r.aliasing.restored],
    surface: [
      r.decoderSurface.witnessed,
      r.decoderSurface.ffmpegCopy,
      r.decoderSurface.rule,
      ...r.decoderSurface.planes.map((p) => [p.verdict, p.deltaRows]),
    ],
    concealed: r.damage.concealed,
  };
}

async function walk(name, options) {
  const s = await addon.Session.open(fixture(name), { decode: 'nvdec', ...options });
  try {
    const frames = [];
    const bands = [];
    for (let i = 0; i < s.info.frameCount; i += 1) {
      const { report: r } = await s.show({ index: i }, { proof: i === 0 });
      frames.push(invariant(r));
      if (options.nvdecThreads !== undefined) assert.deepEqual(r.damage.flags, [], `frame ${i}: flags left out`);
      if (i % BAND_EVERY === 0 && name !== 'h264-damaged-642x362.mp4') bands.push(await bandIndex(s, { index: i }));
    }
    return { info: s.info, frames, bands };
  } finally {
    s.close();
  }
}

for (const [name, frameThreaded] of FIXTURES) {
  test(`${name}: ${THREADS} NVDEC frame threads report every frame as one thread does`, { skip: !hasGpu }, async () => {
    const one = await walk(name, {});
    const many = await walk(name, { nvdecThreads: THREADS });
    assert.equal(one.info.decodePath, 'nvdec', one.info.decodePathReason);
    assert.equal(many.info.decodePath, 'nvdec', many.info.decodePathReason);
    assert.equal(one.info.frameThreads, 1);
    assert.equal(many.info.frameThreads, frameThreaded ? THREADS : 1);
    assert.equal(many.frames.length, one.frames.length);
    for (const [i, frame] of many.frames.entries()) assert.deepEqual(frame, one.frames[i], `frame ${i}`);
    assert.deepEqual(many.bands, one.bands);
    assert.ok(one.bands.every((band, k) => band === (k * BAND_EVERY) % 256), JSON.stringify(one.bands));
    if (name.includes('odd') && name.endsWith('.webm') && !fixed)
      assert.ok(
        many.frames.every((f) => f.surface.some((p) => Array.isArray(p) && p[0] === 'shifted' && p[1] === -1)),
        'every odd-height VP9 frame still has its chroma one row early',
      );
  });
}

// The command line's choice, read back from the report it prints: inspect over every frame runs four, a --frames list
// one, and --nvdec-threads what it names.
test('inspect --json reports the NVDEC frame threads the command line chose', { skip: !hasGpu }, () => {
  const bin = path.join(path.dirname(fixture('x')), '..', '..', 'bin', 'zerocopy-inspector.js');
  const stream = (...options) => {
    const run = spawnSync(process.execPath, [bin, 'inspect', fixture('h264-odd-642x362.mp4'), '--json', ...options], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.ok(run.status === 0 || run.status === 1, run.stderr);
    return JSON.parse(run.stdout).stream;
  };
  const whole = stream();
  assert.equal(whole.decodePath, 'nvdec', whole.decodePathReason);
  assert.equal(whole.frameThreads, THREADS);
  assert.equal(stream('--frames', '0-4').frameThreads, 1);
  assert.equal(stream('--nvdec-threads', '2').frameThreads, 2);
  assert.equal(stream('--frames', '0-4', '--nvdec-threads', '3').frameThreads, 3);
});
