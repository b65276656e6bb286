// A planted plane-offset mistake (ZCI_PLANT_FRAME=chroma-row moves FFmpeg's chroma pointers one row later before the
// wrap): the report names the plant and its chroma pointers are exactly one pitch later; the decoder A/B, told of no
// cause, tries its explanations and names the row; a planted sample, which no reading explains, gets no cause.
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
  const r = await s.frame(3, { proof: false });
  const rows = await s.readMemory({ plane: 1, row: 100, rows: 3, byteCount: r.planes[1].width });
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
    "U identical to A's V",
  ]);
  // Without differences nothing is tried.
  const clean = await addon.compareDecoders(file, { frames: [0], decoderA: 'software' });
  assert.deepEqual(clean.frames[0].explanationsTried, []);
  assert.equal(clean.frames[0].cause, null);
});
