// The copy ledger's switch and its reasons: without libcupti, or where CUPTI cannot trace (no GPU here), every ledger
// says why with a stable code, and the frame answers stand. Each case runs in its own process: CUPTI loads once.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { hasGpu } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const clip = 'h264-odd-642x362.mp4';

/** The ledgers of one child process run with env added to ours; optionally the open option 'on' or 'off'. */
function ledgers(env, option) {
  const args = [path.join(here, 'ledger.child.mjs'), clip, ...(option ? [option] : [])];
  return JSON.parse(execFileSync(process.execPath, args, { env: { ...process.env, ...env }, encoding: 'utf8' }));
}

/** The toolkit's libcupti: ZCI_CUPTI_PATH when set, else the library folder of the toolkit (beside nvcc, CUDA_HOME,
 * or the toolkit's default prefix); null when none has it. */
function toolkitCupti() {
  if (process.env.ZCI_CUPTI_PATH) return process.env.ZCI_CUPTI_PATH;
  const roots = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => fs.existsSync(path.join(dir, 'nvcc')))
    .map((dir) => path.join(path.dirname(fs.realpathSync(path.join(dir, 'nvcc'))), '..'));
  if (process.env.CUDA_HOME) roots.push(process.env.CUDA_HOME);
  roots.push(path.join(path.sep, 'usr', 'local', 'cuda'));
  const libs = roots.map((root) => path.join(root, 'lib64', 'libcupti.so.13'));
  return libs.find((lib) => fs.existsSync(lib)) ?? null;
}

const SHAPE = ['enabled', 'recording', 'reason', 'message', 'records', 'totals', 'dropped', 'reported'];

test('a missing libcupti has its own reason; every frame call still answers', () => {
  const r = ledgers({ ZCI_CUPTI_PATH: path.join(here, 'no-such-dir', 'libcupti.so.13') }, 'on');
  for (const l of [r.frame, r.show, r.on]) {
    assert.deepEqual(Object.keys(l), SHAPE);
    assert.equal(l.enabled, true);
    assert.equal(l.recording, false);
    assert.equal(l.reason, 'CUPTI_NOT_FOUND');
    assert.match(l.message, /libcupti could not be loaded .*no-such-dir/);
    assert.match(l.message, /ZCI_CUPTI_PATH/);
    assert.deepEqual(l.records, []);
  }
  assert.equal(r.frameIndex, 1);
  assert.equal(r.showFrame, 2);
  assert.equal(r.showThumbnails, 3);
  assert.equal(r.offFrame, 3);
  assert.equal(r.reportLedger, null, "show answers the ledger beside the report, not inside it");
  assert.equal(r.switchedOn, false, 'switching on cannot make a missing library record');
  assert.equal(r.badSwitch, 'INVALID_ARGUMENT');
});

test('a call with a preview answers one ledger, with the preview bytes; the preview itself carries none', () => {
  const r = ledgers({ ZCI_CUPTI_PATH: path.join(here, 'no-such-dir', 'libcupti.so.13') }, 'on');
  assert.ok(r.preview, 'show with a preview carries a ledger');
  assert.deepEqual(Object.keys(r.preview), SHAPE);
  assert.equal(r.preview.reason, 'CUPTI_NOT_FOUND');
  assert.equal(r.previewError, null);
  assert.equal(r.preview.reported.previewBytes, r.previewBytes);
  assert.equal(r.previewHasLedger, false);
});

test('the toolkit libcupti: this machine says why it cannot trace (no GPU), or records', (t) => {
  const lib = toolkitCupti();
  if (!lib) return t.skip('no libcupti beside nvcc and no ZCI_CUPTI_PATH');
  const r = ledgers({ ZCI_CUPTI_PATH: lib }, 'on');
  if (hasGpu) {
    // A GPU machine: tracing runs (test/gpu/ledger.test.mjs checks what it records).
    assert.equal(r.show.reason, 'RECORDING', r.show.message);
    assert.equal(r.switchedOn, true);
    return;
  }
  for (const l of [r.frame, r.show, r.on]) {
    assert.equal(l.recording, false);
    assert.equal(l.reason, 'CUPTI_NO_GPU', l.message);
    assert.match(l.message, /no usable CUDA device/);
    assert.deepEqual(l.records, []);
  }
  assert.equal(r.showThumbnails, 3, 'the thumbnails stand');
  assert.equal(r.show.reported.thumbnailBytes, 0, 'host frames: the thumbnails download nothing');
});

test('off unless asked: without the open option every ledger says DISABLED, and nothing loads CUPTI', () => {
  const r = ledgers({ ZCI_CUPTI_PATH: path.join(here, 'no-such-dir', 'libcupti.so.13') });
  assert.equal(r.frame.enabled, false);
  assert.equal(r.frame.reason, 'DISABLED');
  assert.equal(r.show.reason, 'DISABLED');
  assert.equal(r.frameIndex, 1);
});

test('the switch: open option ledger: false says DISABLED until setLedger(true); setLedger(false) says DISABLED', () => {
  const missing = { ZCI_CUPTI_PATH: path.join(here, 'no-such-dir', 'libcupti.so.13') };
  const off = ledgers(missing, 'off');
  assert.equal(off.frame.enabled, false);
  assert.equal(off.frame.reason, 'DISABLED');
  assert.equal(off.show.reason, 'DISABLED');
  assert.match(off.show.message, /switched off/);
  assert.equal(off.on.enabled, true, 'setLedger(true) switches it on');
  assert.equal(off.on.reason, 'CUPTI_NOT_FOUND', 'and then the library is looked for');
  const on = ledgers(missing, 'on');
  assert.equal(on.frame.reason, 'CUPTI_NOT_FOUND');
  assert.equal(on.switchedOff, false);
  assert.equal(on.off.enabled, false);
  assert.equal(on.off.reason, 'DISABLED');
  assert.equal(on.off.records.length, 0);
});
