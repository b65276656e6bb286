// A planted plane-offset mistake (ZCI_PLANT_FRAME=chroma-row moves FFmpeg's chroma pointers one row later before the
// wrap): the report names the plant and its chroma pointers are exactly one pitch later; the decoder A/B, told of no
// cause, tries its explanations and names the row; a planted sample, which no reading explains, gets no cause. The
// other frame faults (one sample, a halved pitch, a changed matrix or range tag) are each named by the A/B.
// Each case runs in a child process, since the plant is read once per process. Against both FFmpeg series.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture } from './helpers.mjs';

const loader = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'native', 'index.cjs');
const file = fixture('h264-1080p-420.mp4');

/** Runs body (an async function's text, given the addon as a and the file as f) with env; its JSON result. */
function inChild(body, env) {
  const script = `const a = require(${JSON.stringify(loader)}); const f = ${JSON.stringify(file)};
(async () => { const out = await (async () => { ${body} })(); process.stdout.write(JSON.stringify(out)); })()
  .catch((e) => { process.stdout.write(JSON.stringify({ error: e.message })); });`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, ...env } });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const reportOf = `const s = await a.Session.open(f, { decode: 'software' });
try {
  const { report: r } = await s.show({ index: 3 }, { proof: false });
  const rows = await s.readMemory({ plane: 1, row: 100, rows: 3, byteCount: r.planes[1].width }, { index: 3 });
  return { planted: r.wrap.planted, width: r.planes[1].width, u: Buffer.from(rows.data).toString('hex') };
} finally { s.close(); }`;

test("the planted frame is named, and its chroma plane starts one row after FFmpeg's", () => {
  const clean = inChild(reportOf, { ZCI_PLANT_FRAME: '' });
  const planted = inChild(reportOf, { ZCI_PLANT_FRAME: 'chroma-row' });
  assert.equal(clean.planted, null);
  assert.match(planted.planted, /chroma-row: FFmpeg's chroma pointers moved one row later/);
  // Read through the report's own pointer: the planted U plane's rows 100 and 101 are FFmpeg's rows 101 and 102 (below the flat band).
  const row = clean.width * 2; // hex digits a row
  assert.notEqual(clean.u.slice(0, row), clean.u.slice(row, 2 * row), 'rows that tell themselves apart');
  assert.equal(planted.u.slice(0, 2 * row), clean.u.slice(row, 3 * row));
});

test('the decoder A/B names the planted row: U and V identical when read 1 row before FFmpeg\'s pointer', () => {
  const r = inChild(`return a.compareDecoders(f, { frames: [0, 5], decoderA: 'software' });`, {
    ZCI_PLANT_FRAME: 'chroma-row',
  });
  assert.equal(r.allIdentical, false);
  for (const frame of r.frames) {
    assert.equal(frame.planes[0].identical, true, 'luma is untouched');
    assert.equal(frame.identical, false);
    assert.equal(
      frame.cause,
      "U identical when read 1 row before FFmpeg's pointer: a plane-offset mistake; V identical when read 1 row before FFmpeg's pointer: a plane-offset mistake",
    );
    assert.ok(frame.explanationsTried.length >= 2);
  }
});

test('a difference no reading explains gets no cause, with the explanations it tried', async () => {
  const r = await addon.compareDecoders(file, {
    frames: [0],
    decoderA: 'software',
    plant: { plane: 1, x: 100, y: 100, value: 17 },
  });
  const [frame] = r.frames;
  assert.equal(frame.identical, false);
  assert.equal(frame.cause, null);
  assert.deepEqual(frame.explanationsTried, [
    "U identical when read 1 row after FFmpeg's pointer",
    "U identical when read 1 row before FFmpeg's pointer",
    "U identical when read 2 rows after FFmpeg's pointer",
    "U identical when read 2 rows before FFmpeg's pointer",
    "U identical but for its last row when read 1 row after FFmpeg's pointer",
    "U identical when read 1 sample (1 byte) after FFmpeg's pointer",
    "U identical when read 1 sample (1 byte) before FFmpeg's pointer",
    "U identical when read with a pitch of 1920 bytes instead of FFmpeg's 960",
    "U identical to A's V",
  ]);
  // The RGB line, 16 off at the planted sample, tried every other matrix and range, and none explains it.
  assert.ok(frame.rgb.maxAbsDiff > 2);
  assert.equal(frame.rgb.cause, null);
  assert.equal(frame.rgb.explanationsTried.length, 5);
  // Without differences nothing is tried.
  const clean = await addon.compareDecoders(file, { frames: [0], decoderA: 'software' });
  assert.deepEqual(clean.frames[0].explanationsTried, []);
  assert.equal(clean.frames[0].cause, null);
  assert.ok(clean.frames[0].rgb.maxAbsDiff <= 2, 'within the converters’ rounding');
  assert.deepEqual(clean.frames[0].rgb.explanationsTried, []);
  assert.equal(clean.frames[0].rgb.cause, null);
});

test('a cause is named only when it explains every differing plane: a planted row beside an unexplained sample', () => {
  // The chroma row alone is named (above); a luma sample no reading explains leaves the frame without a cause.
  const r = inChild(
    `return a.compareDecoders(f, { frames: [0], decoderA: 'software', plant: { plane: 0, x: 100, y: 100, value: 17 } });`,
    { ZCI_PLANT_FRAME: 'chroma-row' },
  );
  const [frame] = r.frames;
  assert.deepEqual(
    frame.planes.map((p) => p.identical),
    [false, false, false],
  );
  assert.equal(frame.planes[0].differing, 1, 'the planted luma sample');
  assert.equal(frame.cause, null);
  assert.match(frame.explanationsTried[0], /^Y identical when read 1 row after/);
});

/** The A/B of frames 0 and 5 with a frame fault planted on side A. */
const planted = (fault) =>
  inChild(`return a.compareDecoders(f, { frames: [0, 5], decoderA: 'software' });`, { ZCI_PLANT_FRAME: fault });

test('the decoder A/B names a planted one-sample shift: U and V identical when read 1 sample before', () => {
  for (const frame of planted('chroma-sample').frames) {
    assert.equal(frame.planes[0].identical, true);
    assert.equal(
      frame.cause,
      "U identical when read 1 sample (1 byte) before FFmpeg's pointer: a plane-offset mistake of 1 byte; V identical when read 1 sample (1 byte) before FFmpeg's pointer: a plane-offset mistake of 1 byte",
    );
  }
});

test('the decoder A/B names a planted pitch: U and V identical when read with twice the halved linesize', () => {
  for (const frame of planted('chroma-pitch').frames) {
    assert.equal(frame.planes[0].identical, true);
    assert.equal(frame.identical, false);
    assert.match(
      frame.cause,
      /^U identical when read with a pitch of 960 bytes instead of FFmpeg's 480: a pitch mistake \(rows 0\.\.269, as far as FFmpeg's plane reaches\); V identical when read with a pitch of 960 bytes instead of FFmpeg's 480/,
    );
  }
});

test('the RGB line names a planted matrix or range tag; the planes stay identical', () => {
  const expected = {
    matrix: 'RGB within 2 of B’s when A is converted as BT.709 limited range, not as BT.601 limited range as A’s frame says: a range or matrix assumption',
    range: 'RGB within 2 of B’s when A is converted as BT.709 limited range, not as BT.709 full range as A’s frame says: a range or matrix assumption',
  };
  for (const [fault, cause] of Object.entries(expected)) {
    const r = planted(fault);
    for (const frame of r.frames) {
      assert.equal(frame.identical, true, `${fault}: the samples are untouched`);
      assert.deepEqual(frame.explanationsTried, []);
      assert.ok(frame.rgb.maxAbsDiff > 2, `${fault}: RGB ${frame.rgb.maxAbsDiff} off`);
      assert.equal(frame.rgb.cause, cause.replaceAll('’', "'"));
      assert.equal(frame.rgb.explanationsTried.at(-1), cause.replaceAll('’', "'").split(', not as')[0]);
    }
  }
});
