// Serve mode's NVCV planes against NVCV's export read by a separate path: the copy-as-code harness (its own process,
// its own FFmpeg decode and its own nvcvImageExportData on the same frame of the sample). Device addresses differ
// between processes; the layout NVCV exports does not: the format, each plane's size and row stride, and where each
// plane starts from plane 0. The report's decoder surface (the pool library's mapping record) must agree with it too.
// A wrong wrap planted in serve mode (ZCI_PLANT_WRAP=chroma-row) must show against the harness as exactly one pitch.
// FFmpeg 7.1 opens with unsafe output, so that its frames are NVDEC's surfaces, as in the harness.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { hasGpu, sample } from '../native/helpers.mjs';
import { connectRpc, serveEntry, startServe } from './serve-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const bundled = path.join(here, '..', 'copy-code');
const manifestPath = path.join(bundled, 'manifest.json');
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : null;
const entry = manifest?.fixtures.find((f) => f.file === 'sample.mp4');
const skip = !hasGpu
  ? 'no CUDA device'
  : !fs.existsSync(serveEntry)
    ? 'serve mode is not built (npm run build)'
    : entry === undefined
      ? 'no copy-code harness for the sample: built by scripts/gpu/make-bundle.sh'
      : false;
const indices = [0, 1, 47];
const env = {
  ...process.env,
  LD_LIBRARY_PATH: [process.env.ZCI_NVCV_PATH ?? '', process.env.LD_LIBRARY_PATH ?? ''].filter(Boolean).join(':'),
};

/** The harness's NVCV export of frame `index`: format, and per plane its offset from plane 0, stride and size. */
function harnessExport(index) {
  const out = execFileSync(path.join(bundled, entry.binaries.c), [sample, String(index), 'cuda'], {
    env,
    encoding: 'utf8',
  });
  const h = JSON.parse(out.trim().split('\n').at(-1));
  assert.equal(h.format, 'cuda', 'the harness decoded on NVDEC');
  assert.equal(h.exportStatus, 0);
  const base = BigInt(h.planes[0].nvcvPointer);
  return {
    format: h.exportedFormat,
    planes: h.planes.map((p) => ({
      offset: Number(BigInt(p.nvcvPointer) - base),
      rowStride: p.rowStride,
      width: p.width,
      height: p.height,
      harnessSameAsFfmpeg: p.nvcvPointer === p.ffmpegPointer,
    })),
  };
}

/** The same, from serve mode's report: NVCV's side as the report gives it, and the decoder surface's planes. */
function reportExport(report) {
  const base = BigInt(report.planes[0].nvcvPointer);
  return {
    format: `0x${BigInt(report.wrap.formatCode).toString(16)}`,
    planes: report.planes.map((p) => ({
      offset: Number(BigInt(p.nvcvPointer) - base),
      rowStride: p.nvcvRowStride,
      width: p.width,
      height: p.height,
    })),
  };
}

/** Opens the sample in a fresh serve process (with any test hook) and returns the reports of `indices`. */
async function serveReports(extraEnv) {
  const { WebSocket } = await import(path.join(root, 'node_modules', 'ws', 'wrapper.mjs'));
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-serve-export-'));
  const { proc, url } = await startServe(configDir, [], extraEnv);
  try {
    const { socket, call } = await connectRpc(WebSocket, url);
    const samplePath = await call('samplePath', {});
    const opened = await call('open', { path: samplePath.result.path, options: { unsafeOutput: true } });
    assert.equal(opened.ok, true, JSON.stringify(opened.error));
    assert.equal(opened.result.info.decodePath, 'nvdec');
    const reports = [];
    for (const index of indices) {
      const r = await call('show', { target: { index } });
      assert.equal(r.ok, true, JSON.stringify(r.error));
      reports.push(r.result.report);
    }
    socket.close();
    return reports;
  } finally {
    proc.kill('SIGTERM');
    fs.rmSync(configDir, { recursive: true, force: true });
  }
}

describe("serve mode's NVCV planes against the harness's own nvcvImageExportData", { skip }, () => {
  const harness = new Map();
  const harnessOf = (index) => {
    if (!harness.has(index)) harness.set(index, harnessExport(index));
    return harness.get(index);
  };

  test('unplanted: the format, every plane offset, stride and size agree, and the decoder surface with them', async () => {
    const reports = await serveReports({});
    reports.forEach((report, k) => {
      const index = indices[k];
      const theirs = harnessOf(index);
      const ours = reportExport(report);
      assert.ok(theirs.planes.every((p) => p.harnessSameAsFfmpeg), 'the harness wrapped FFmpeg’s pointers');
      assert.equal(report.decoderSurface.ffmpegCopy ?? false, false, 'unsafe output: the frames are the surfaces');
      assert.equal(ours.format, theirs.format, `frame ${index}: format`);
      assert.deepEqual(
        ours.planes,
        theirs.planes.map((p) => ({ offset: p.offset, rowStride: p.rowStride, width: p.width, height: p.height })),
        `frame ${index}: NVCV's planes in serve mode and in the harness`,
      );
      // Where the pool library saw NVDEC map the surface: the same pitch and the same plane starts.
      const surface = report.decoderSurface;
      assert.equal(surface.witnessed, true, surface.reason);
      assert.equal(surface.pitch, theirs.planes[0].rowStride, `frame ${index}: NVDEC's pitch`);
      assert.deepEqual(
        surface.planes.map((p) => p.decoderOffset),
        theirs.planes.map((p) => p.offset),
        `frame ${index}: where NVDEC put each plane`,
      );
    });
  });

  test('planted chroma-row: plane 1 starts exactly one pitch after the harness’s, and the verdicts are red', async () => {
    const reports = await serveReports({ ZCI_PLANT_WRAP: 'chroma-row' });
    reports.forEach((report, k) => {
      const index = indices[k];
      const theirs = harnessOf(index);
      const ours = reportExport(report);
      assert.match(report.wrap.planted ?? '', /^chroma-row/);
      assert.equal(ours.planes[0].offset, 0);
      assert.equal(ours.planes[1].offset - theirs.planes[1].offset, theirs.planes[1].rowStride, `frame ${index}`);
      assert.equal(report.planes[1].match, false);
      assert.equal(report.aliasing.passed, false, report.aliasing.reason);
      assert.equal(report.aliasing.restored, true);
    });
  });
});
