// Held frames against NVDEC's surfaces. Where FFmpeg's frames are the decoder's mapped surfaces (FFmpeg before 6.0,
// or AV_HWACCEL_FLAG_UNSAFE_OUTPUT), a frame the inspector holds keeps a surface from the decoder; the decoder
// reserves one surface a held frame (extra_hw_frames), so holding never starves it. With that reservation taken away
// (ZCI_PLANT_POOL=unreserved), held frames exhaust the surfaces: the step that finds none must fail with a stable
// code, a message that names the cause (FFmpeg's nvdec: "No decoder surfaces left") and a remedy that is not "the
// file is damaged", never hang or crash, and a new session decodes. Whether the same session decodes again after a
// seek is recorded, not required: its held frames still keep their surfaces (on the H200 with FFmpeg 5.1, H.264's
// frame 0 decoded again and HEVC's, which needs more pictures decoded first, did not). FFmpeg's copy (6.0 and later, by default)
// holds copies from a pool of their own, so nothing is exhausted. What happened is written to the evidence folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, hasGpu } from '../native/helpers.mjs';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'surface-exhaustion.child.mjs');
const env = addon.environment();
const copies = env.ffmpeg.nvdecOutput === 'copy';
const major = Number(env.ffmpeg.libavcodec.split('.')[0]);
const HOLD = 16;
const record = [];

/** Runs the child; a hang ends it after two minutes and fails the test, a crash fails it too. */
function hold(name, unsafeOutput, planted) {
  const env = { ...process.env };
  delete env.ZCI_PLANT_POOL;
  if (planted) env.ZCI_PLANT_POOL = 'unreserved';
  const r = spawnSync(process.execPath, [child, name, unsafeOutput ? '1' : '0', String(HOLD)], { env, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.error, undefined, `the child did not finish: ${r.error}`);
  assert.equal(r.signal, null, `the child was killed by ${r.signal}: ${r.stderr.slice(-2000)}`);
  assert.equal(r.status, 0, r.stderr.slice(-2000));
  const out = { ...JSON.parse(r.stdout), planted };
  record.push(out);
  return out;
}

test.after(() => {
  if (process.env.ZCI_EVIDENCE_DIR && record.length)
    fs.writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, `surface-exhaustion-ffmpeg${major}.json`), JSON.stringify(record, null, 1));
});

for (const name of ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4']) {
  // Frames are surfaces on 5.1 either way, and on 7.1 with unsafe output.
  const unsafeOutput = copies;
  test(`${name}: ${HOLD} held frames with the surfaces reserved for them decode every step`, { skip: !hasGpu }, () => {
    const out = hold(name, unsafeOutput, false);
    assert.equal(out.nvdecOutput, copies ? 'unsafe-output' : 'mapped-surface');
    const failed = out.steps.filter((s) => !s.ok);
    assert.deepEqual(failed, [], JSON.stringify(failed));
    assert.equal(out.steps.length, Math.min(out.frameCount, 3 * HOLD));
    assert.ok(out.steps.every((s) => s.extraReserved === HOLD));
    assert.ok(out.steps.at(-1).framesHeld >= Math.min(HOLD, out.steps.length - 1), JSON.stringify(out.steps.at(-1)));
  });

  test(`${name}: without the reservation, held frames exhaust the surfaces: a stable error with a remedy, no hang, a new session decodes`, { skip: !hasGpu }, () => {
    const out = hold(name, unsafeOutput, true);
    assert.ok(out.steps.every((s) => s.ok || s.code), 'every step answered');
    assert.equal(out.steps[0].extraReserved, 0, 'the report says nothing was reserved');
    const failed = out.steps.find((s) => !s.ok);
    assert.ok(failed, `${out.steps.length} steps with ${HOLD} frames held and no surface reserved: none ran out`);
    assert.equal(failed.code, 'DECODE_FAILED', failed.message);
    // FFmpeg up to 7.1 runs out of decoder surfaces; 9.0 runs out at the map (CUDA_ERROR_MAP_FAILED): one error.
    assert.match(failed.message, /NVDEC has no surface left \(.*(No decoder surfaces left|cuvidMapVideoFrame.*CUDA_ERROR_MAP_FAILED).*\)/);
    assert.match(failed.message, new RegExp(`The decoder has ${out.steps[0].poolSize} surfaces`));
    assert.match(failed.remedy, /^Hold fewer frames/);
    // It failed only once held frames had taken surfaces: the steps before it decoded, each holding one more.
    const lastOk = out.steps.filter((s) => s.ok).at(-1);
    assert.ok(lastOk && lastOk.framesHeld >= 2, JSON.stringify(out.steps));
    assert.deepEqual(out.freshSession, { ok: true }, 'a new session decodes');
  });
}

test('FFmpeg’s copy (6.0 and later, by default): held frames are copies, nothing to exhaust', { skip: !hasGpu || !copies ? 'FFmpeg 6.0 or later on a GPU' : false }, () => {
  const out = hold('h264-1080p-420.mp4', false, true);
  assert.equal(out.nvdecOutput, 'copy');
  assert.deepEqual(out.steps.filter((s) => !s.ok), []);
});
