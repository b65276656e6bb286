// The planted plane-offset mistake on NVDEC frames (ZCI_PLANT_FRAME=chroma-row: FFmpeg's chroma pointer moved one
// row later before the wrap): the decoder's witness reports exactly one row, red, and the decoder A/B against the
// software decoder, run on the device, names the row. Unsafe output on FFmpeg 6.0 and later, so that FFmpeg's
// pointer is in the surface the witness knows; each case in a child process (the plant is read once a process).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { fixture, hasGpu } from '../native/helpers.mjs';

const loader = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'native', 'index.cjs');

function inChild(file, body, fault = 'chroma-row') {
  const script = `const a = require(${JSON.stringify(loader)}); const f = ${JSON.stringify(fixture(file))};
(async () => { ${body} })().then((out) => process.stdout.write(JSON.stringify(out)), (e) => process.stdout.write(JSON.stringify({ error: e.message })));`;
  const r = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    env: { ...process.env, ZCI_PLANT_FRAME: fault },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

for (const file of ['h264-1080p-420.mp4', 'vp9-640x360.webm']) {
  test(`${file}: the witness reports the planted chroma pointer exactly one row after NVDEC's plane`, { skip: !hasGpu }, () => {
    const out = inChild(
      file,
      `const s = await a.Session.open(f, { decode: 'nvdec', unsafeOutput: true });
       try { const { report: r } = await s.show({ index: 2 }, { proof: false }); return { planted: r.wrap.planted, ds: r.decoderSurface }; } finally { s.close(); }`,
    );
    assert.equal(out.error, undefined, out.error);
    assert.match(out.planted, /chroma-row/);
    const [y, uv] = out.ds.planes;
    assert.equal(y.verdict, 'decoder-plane');
    assert.equal(uv.verdict, 'shifted');
    assert.equal(uv.deltaRows, 1);
    assert.equal(uv.deltaBytes, out.ds.pitch);
    assert.match(out.ds.reason, /not where the decoder wrote the plane/);
  });

  test(`${file}: the decoder A/B on the device names the planted row`, { skip: !hasGpu }, () => {
    const out = inChild(file, `return a.compareDecoders(f, { frames: [0, 1, 2], decoderA: 'nvdec' });`);
    assert.equal(out.error, undefined, out.error);
    for (const frame of out.frames) {
      assert.equal(frame.where, 'device');
      assert.equal(frame.planes[0].identical, true);
      assert.equal(
        frame.cause,
        "U identical when read 1 row before FFmpeg's pointer: a plane-offset mistake; V identical when read 1 row before FFmpeg's pointer: a plane-offset mistake",
      );
    }
  });

  test(`${file}: the decoder A/B on the device names a planted one-sample shift and a planted pitch`, { skip: !hasGpu }, () => {
    const ab = `return a.compareDecoders(f, { frames: [0, 2], decoderA: 'nvdec' });`;
    const sample = inChild(file, ab, 'chroma-sample');
    assert.equal(sample.error, undefined, sample.error);
    for (const frame of sample.frames) {
      assert.equal(frame.where, 'device');
      assert.equal(frame.planes[0].identical, true);
      // NV12: one chroma sample is a U,V pair of two bytes.
      assert.equal(
        frame.cause,
        "U identical when read 1 sample (2 bytes) before FFmpeg's pointer: a plane-offset mistake of 2 bytes; V identical when read 1 sample (2 bytes) before FFmpeg's pointer: a plane-offset mistake of 2 bytes",
      );
    }
    const pitch = inChild(file, ab, 'chroma-pitch');
    assert.equal(pitch.error, undefined, pitch.error);
    for (const frame of pitch.frames) {
      assert.equal(frame.planes[0].identical, true);
      const m = /^U identical when read with a pitch of (\d+) bytes instead of FFmpeg's (\d+): a pitch mistake/.exec(frame.cause ?? '');
      assert.ok(m, frame.cause ?? `no cause; tried ${frame.explanationsTried.join('; ')}`);
      assert.equal(Number(m[1]), 2 * Number(m[2]), 'the pitch NVDEC wrote, twice the halved one');
    }
  });

  test(`${file}: the decoder A/B's RGB line on the device names a planted matrix tag`, { skip: !hasGpu }, () => {
    const out = inChild(file, `return a.compareDecoders(f, { frames: [0], decoderA: 'nvdec' });`, 'matrix');
    assert.equal(out.error, undefined, out.error);
    const [frame] = out.frames;
    assert.equal(frame.identical, true);
    assert.ok(frame.rgb.a.converter.includes('GPU'));
    assert.ok(frame.rgb.maxAbsDiff > 2);
    assert.match(frame.rgb.cause ?? '', /^RGB within 2 of B's when A is converted as BT\.(601|709) limited range, not as BT\.(601|709) limited range as A's frame says: a range or matrix assumption$/);
    assert.equal(frame.rgb.a.matrix === frame.rgb.b.matrix, false, 'the planted tag differs from the software frame’s');
  });
}
