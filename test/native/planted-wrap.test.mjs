// The headline verdicts can turn red: a test hook (ZCI_PLANT_WRAP) wraps each frame deliberately wrong, and the
// report, the checks and the command line's exit code must say so, with the exact distance. The aliasing proof takes
// its addresses from NVCV's own export inside the proof, so a wrong wrap fails it too. Runs the built command line
// as a child process (the hook is read once per process). The GPU tier runs the same file on NVDEC frames.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture, sample } from './helpers.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = path.join(root, 'bin', 'zerocopy-inspector.js');
const nvcvLoaded = addon.environment().nvcv.loaded;
const skip = !fs.existsSync(path.join(root, 'out', 'cli', 'zerocopy-inspector.js'))
  ? 'the command line is not built (npm run build)'
  : nvcvLoaded
    ? false
    : 'NVCV is not loaded: nothing is wrapped';

/** `inspect FILE --frames 0,3 --json` with the fault planted; its exit code and parsed output. */
function inspect(file, planted, extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.ZCI_PLANT_WRAP;
  if (planted !== null) env.ZCI_PLANT_WRAP = planted;
  const run = spawnSync(process.execPath, [bin, 'inspect', file, '--frames', '0,3', '--json'], {
    encoding: 'utf8',
    env,
    timeout: 120_000,
  });
  assert.ok(run.stdout, `no output (exit ${run.status}): ${run.stderr}`);
  return { code: run.status, output: JSON.parse(run.stdout) };
}

const check = (frame, name) => frame.checks.find((c) => c.name === name);

/** The witness a device frame's proof must name: CV-CUDA's Flip where CV-CUDA is loaded, the kernel otherwise. */
const cvcudaLoaded = addon.environment().cvcuda.loaded;
function assertWitness(report, kernelAsked) {
  if (report.format.hwFormat !== 'cuda') {
    assert.equal(report.aliasing.method, 'host-store');
    assert.equal(report.aliasing.witnessNote, null);
    return;
  }
  if (cvcudaLoaded && !kernelAsked) {
    assert.equal(report.aliasing.method, 'cvcuda-flip');
    assert.equal(report.aliasing.witnessNote, null);
  } else {
    assert.equal(report.aliasing.method, 'device-kernel');
    assert.match(report.aliasing.witnessNote, kernelAsked ? /ZCI_PROOF_WITNESS=kernel/ : /CV-CUDA is not loaded/);
  }
}

for (const file of [sample, fixture('h264-1080p-420.mp4')]) {
  const name = path.basename(file);
  describe(`planted wrong wraps turn the verdicts red (${name})`, { skip }, () => {
    test('unplanted: every verdict holds, the proof names its witness, exit 0', () => {
      const { code, output } = inspect(file, null);
      assert.equal(code, 0);
      for (const frame of output.frames) {
        const { wrap, aliasing, planes } = frame.report;
        assert.equal(wrap.planted, null);
        assert.equal(wrap.formatMatch, true);
        assert.equal(wrap.formatCode, wrap.expectedFormatCode);
        assert.ok(planes.every((p) => p.match === true));
        assert.equal(aliasing.witness, 'nvcvImageExportData');
        assert.equal(aliasing.passed, true);
        assert.match(aliasing.reason, /first and last row of every plane/);
        assertWitness(frame.report, false);
        // The decoder's witness: on NVDEC, FFmpeg's planes are where the decoder wrote them (even sizes); elsewhere
        // the report says there is no decoder surface, and the check is left out.
        const surface = frame.report.decoderSurface;
        if (frame.report.decodePath === 'nvdec') {
          assert.equal(surface.witnessed, true, surface.reason);
          // FFmpeg 6.0 and later hand out their copy of the surface, made from where NVDEC wrote each plane.
          const expected = frame.report.decoderSurface.ffmpegCopy ? 'ffmpeg-copy' : 'decoder-plane';
          assert.ok(surface.planes.every((p) => p.verdict === expected), JSON.stringify(surface.planes));
          assert.equal(check(frame, 'decoder').ok, true);
        } else {
          assert.equal(surface.witnessed, false);
          assert.match(surface.reason, /^no NVDEC surface/);
          assert.equal(check(frame, 'decoder'), undefined);
        }
      }
    });

    test('chroma-row: plane 1 mismatches by exactly one row, the proof fails, exit 1', () => {
      const { code, output } = inspect(file, 'chroma-row');
      assert.equal(code, 1);
      assert.equal(output.summary.failed, output.frames.length);
      for (const frame of output.frames) {
        const { wrap, aliasing, planes } = frame.report;
        assert.match(wrap.planted, /^chroma-row/);
        const [luma, chroma] = planes;
        assert.equal(luma.match, true);
        assert.equal(chroma.match, false);
        const delta = BigInt(chroma.nvcvPointer) - BigInt(chroma.ffmpegPointer);
        assert.equal(delta, BigInt(chroma.pitch), 'one row of the plane, in bytes');
        assert.equal(check(frame, 'pointers').ok, false);
        assert.match(check(frame, 'pointers').detail, new RegExp(`\\(${chroma.pitch} bytes\\)$`));
        assert.equal(aliasing.ran, true);
        assert.equal(aliasing.passed, false, 'the canary written through NVCV lands a row below FFmpeg’s');
        assert.equal(aliasing.restored, true);
        assert.equal(check(frame, 'aliasing').ok, false);
        assertWitness(frame.report, false);
      }
    });

    test('the other witness: with ZCI_PROOF_WITNESS=kernel the proof holds unplanted and fails on chroma-row', () => {
      const hook = { ZCI_PROOF_WITNESS: 'kernel' };
      const clean = inspect(file, null, hook);
      assert.equal(clean.code, 0);
      for (const frame of clean.output.frames) {
        assert.equal(frame.report.aliasing.passed, true, frame.report.aliasing.reason);
        assert.equal(frame.report.aliasing.restored, true);
        assertWitness(frame.report, true);
      }
      const planted = inspect(file, 'chroma-row', hook);
      assert.equal(planted.code, 1);
      for (const frame of planted.output.frames) {
        assert.equal(frame.report.aliasing.passed, false);
        assert.equal(frame.report.aliasing.restored, true);
        assert.match(frame.report.aliasing.reason, /plane 1, row \d+ did not see the canary/);
        assertWitness(frame.report, true);
      }
    });

    test('pitch: plane 0 strides differ by 64 bytes, the proof fails in the last row, exit 1', () => {
      const { code, output } = inspect(file, 'pitch');
      assert.equal(code, 1);
      for (const frame of output.frames) {
        const [luma] = frame.report.planes;
        assert.equal(luma.nvcvRowStride, luma.pitch + 64);
        // A stride fault is not a pointer fault: the pointers still match, the strides tell.
        assert.equal(luma.match, true);
        assert.equal(check(frame, 'pointers').ok, true);
        assert.equal(check(frame, 'strides').ok, false);
        assert.equal(frame.report.aliasing.passed, false);
        assert.match(frame.report.aliasing.reason, /plane 0, row \d+/);
        // Either the last row lands outside plane 0's memory and nothing is written, or it lands in memory FFmpeg's
        // row does not read; FFmpeg's bytes are as they were in both.
        assert.equal(frame.report.aliasing.restored, true);
        // On a host frame the last row at pitch + 64 lies past plane 0's own buffer: the proof must not write there.
        if (frame.report.format.hwFormat !== 'cuda') assert.match(frame.report.aliasing.reason, /^not run:/);
        if (/^not run:/.test(frame.report.aliasing.reason)) {
          assert.equal(frame.report.aliasing.method, 'none');
          assert.match(frame.report.aliasing.reason, /outside the frame's memory/);
        }
      }
    });

    test('format: NVCV exports another format than FFmpeg’s frame implies; pointers and proof still hold, exit 1', () => {
      const { code, output } = inspect(file, 'format');
      assert.equal(code, 1);
      for (const frame of output.frames) {
        const { wrap, aliasing, planes } = frame.report;
        assert.equal(wrap.formatMatch, false);
        assert.notEqual(wrap.formatCode, wrap.expectedFormatCode);
        assert.ok(planes.every((p) => p.match === true));
        assert.equal(aliasing.passed, true);
        assert.equal(check(frame, 'format').ok, false);
      }
    });
  });
}
