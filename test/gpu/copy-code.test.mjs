// Copy as code on NVDEC frames: the C and C++ snippets generated from the recorded H200 reports, compiled with the
// bundle (scripts/gpu/copy-code-bundle.mjs), decode the same frame with NVDEC, wrap it, and NVCV's exported planes
// are FFmpeg's device pointers and pitches; the cleanup callback drops the frame reference. The CV-CUDA snippet runs
// on the live planes in the process that decoded them (python3 loads the harness as a library and is called back
// while the image is alive) and its tensors start at FFmpeg's pointers; the naive
// chroma, read from the display height, differs from the real chroma exactly when the frame has hidden rows, and on
// 8-bit NV12 frames the naive view through CV-CUDA gives the picture the app shows as the wrong wrap.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture, hasGpu, sample } from '../native/helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundled = path.join(here, '..', 'copy-code');
const manifestPath = path.join(bundled, 'manifest.json');
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : null;
const skip = !hasGpu
  ? 'no CUDA device'
  : manifest === null
    ? 'no copy-code harnesses: built by scripts/gpu/make-bundle.sh'
    : false;

const nvcvDir = process.env.ZCI_NVCV_PATH ?? '';
const libraryPath = [nvcvDir, process.env.LD_LIBRARY_PATH ?? ''].filter(Boolean).join(':');
const env = { ...process.env, LD_LIBRARY_PATH: libraryPath };
const mediaOf = (file) => (file === 'sample.mp4' ? sample : fixture(file));

function run(binary, file, index, command) {
  const args = [mediaOf(file), String(index), 'cuda', ...(command ? [command] : [])];
  const out = execFileSync(path.join(bundled, binary), args, { env, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  return { harness: JSON.parse(lines.at(-1)), before: lines.slice(0, -1) };
}

// CV-CUDA's Python module from the wheel, carried by the bundle; its libraries are found in the NVCV folder.
const pythonDir = path.join(here, '..', '..', 'python');
// What each snippet did on the GPU, for docs/gpu-evidence.md (scripts/gpu/write-evidence.mjs).
const record = [];
process.on('exit', () => {
  if (process.env.ZCI_EVIDENCE_DIR && record.length > 0) {
    fs.writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, 'copy-code.json'), `${JSON.stringify(record, null, 1)}\n`);
  }
});
// The PSNR of two RGB pictures of one size, in dB (99 when equal).
function psnr(a, b) {
  assert.equal(a.length, b.length);
  let sq = 0;
  for (let i = 0; i < a.length; i++) sq += (a[i] - b[i]) ** 2;
  return sq === 0 ? 99 : 10 * Math.log10((255 * 255 * a.length) / sq);
}
// The app's pictures of this frame: its convert preview and, when chroma does not follow the display rows, the
// naive view it shows beside it. Full range, because CV-CUDA's AdvCvtColor computes in full range whatever the spec
// (its documentation says so; docs/gpu-evidence.md's AdvCvtColor experiment measures it), so the two sides differ
// only in the wrap.
async function appPictures(file, index) {
  const session = await addon.Session.open(mediaOf(file));
  try {
    const {
      previews: [{ result: p, error }],
    } = await session.show({ index }, { previews: [{ op: 'convert', maxWidth: 256, range: 'full' }] });
    assert.equal(error, null, error?.message);
    const spec = { 'BT.601': 'BT601', 'BT.709': 'BT709', 'BT.2020': 'BT2020' }[/BT\.(601|709|2020)/.exec(p.converter)?.[0]];
    assert.ok(spec, `the matrix of ${p.converter}`);
    return { spec, thumbnail: p.thumbnail, wrongWrap: p.wrongWrap, reason: p.wrongWrapReason };
  } finally {
    session.close();
  }
}
const cvcudaLibrary = nvcvDir && fs.existsSync(nvcvDir) && fs.readdirSync(nvcvDir).find((f) => f.startsWith('libcvcuda'));
// PyTorch, where the GPU machine has it: the PyTorch snippet runs beside the CV-CUDA one on the same live frame.
const torchAvailable = hasGpu && spawnSync('python3', ['-c', 'import torch'], { stdio: 'ignore' }).status === 0;

describe('copy-as-code snippets on NVDEC frames', { skip }, () => {
  for (const entry of manifest?.fixtures ?? []) {
    for (const ecosystem of ['c', 'cpp']) {
      test(`${entry.file} ${ecosystem}`, () => {
        const { harness } = run(entry.binaries[ecosystem], entry.file, entry.frameIndex);
        assert.equal(harness.format, 'cuda', 'an NVDEC frame');
        assert.equal(harness.exportStatus, 0);
        assert.equal(harness.exportedFormat, `0x${BigInt(entry.report.wrap.formatCode).toString(16)}`);
        assert.equal(harness.planes.length, entry.report.planes.length);
        harness.planes.forEach((p, i) => {
          const r = entry.report.planes[i];
          assert.equal(p.nvcvPointer, p.ffmpegPointer, `plane ${i} pointer`);
          assert.equal(p.rowStride, p.linesize, `plane ${i} stride`);
          assert.equal(p.width, r.width);
          assert.equal(p.height, r.height);
          assert.equal(p.linesize, r.pitch, `plane ${i}: NVDEC's pitch is the recorded one`);
        });
        assert.equal(harness.refsWrapped, harness.refsBefore + 1);
        assert.equal(harness.refsAfter, harness.refsBefore, 'the cleanup callback ran');
        record.push({ file: entry.file, frame: entry.frameIndex, snippet: ecosystem, format: harness.exportedFormat, planes: harness.planes, cleanupRan: true });
      });
    }
    if (entry.python) {
      test(`${entry.file} python (CV-CUDA), the naive chroma and the naive picture`, { skip: !cvcudaLibrary ? 'libcvcuda is not in the NVCV folder' : process.env.ZCI_MEMCHECK === '1' ? 'not under compute-sanitizer: CV-CUDA\'s Python module loads libcvcuda\'s kernels, which the sanitizer patches one by one' : false }, async () => {
        // python3 loads the harness library and runs the snippet when called back, in the process that decoded the
        // frame: FFmpeg's device pointers are valid there, and in no other process.
        const script = path.join(here, 'copy-code', 'run-snippet.py');
        const nv12 = entry.report.format.swFormat === 'nv12';
        const app = nv12 ? await appPictures(entry.file, entry.frameIndex) : null;
        const size = app ? [String(app.thumbnail.width), String(app.thumbnail.height), app.spec] : [];
        const out = execFileSync(
          'python3',
          [script, ...(entry.torch && torchAvailable ? ['--torch', path.join(bundled, entry.torch)] : []), path.join(bundled, entry.library), mediaOf(entry.file), String(entry.frameIndex), 'cuda', path.join(bundled, entry.python), path.join(bundled, entry.factsFile), ...size],
          { env: { ...env, PYTHONPATH: pythonDir }, encoding: 'utf8' },
        );
        const lines = out.trim().split('\n');
        const harness = JSON.parse(lines.at(-1));
        const before = lines.slice(0, -1);
        assert.equal(harness.commandStatus, 0, `the snippet ran: ${before.at(-1)}`);
        const py = JSON.parse(before.at(-1));
        assert.deepEqual(
          py.pointers,
          harness.planes.map((p) => Number(BigInt(p.ffmpegPointer))),
        );
        // The snippet took the frame itself: frame_planes() read FFmpeg's pointers and pitches from the AVFrame, and
        // refused the same frame with other pitches.
        assert.deepEqual(py.framePointers, py.pointers, 'frame_planes() reads the pointers the harness printed');
        assert.deepEqual(py.framePitches, py.pitches);
        assert.match(py.otherLayoutRefused ?? '', /not the inspected/);
        if (entry.torch && torchAvailable) {
          // torch_planes(): one tensor a plane, starting at FFmpeg's pointer, its row stride the plane's pitch.
          const bytes = entry.facts.sampleBytes;
          assert.deepEqual(py.torch.map((t) => t.dataPtr), py.pointers);
          assert.deepEqual(py.torch.map((t) => t.strides[0] * bytes), py.pitches);
          assert.deepEqual(py.torch.map((t) => t.shape.slice(0, 2)), entry.facts.planes.map((p) => [p.height, p.width]));
        }
        const starts = Object.values(py.tensorStarts);
        if (entry.facts.tensor.kind === 'per-plane') assert.deepEqual(starts, py.pointers);
        else assert.deepEqual(starts, [py.pointers[0]], 'one tensor from plane 0');
        const luma = entry.facts.planes[0];
        const hidden = (entry.facts.planes[1].offsetFromPlane0 ?? 0) / luma.pitch - luma.height;
        assert.equal(py.naiveChromaEqual, hidden === 0, `${hidden} hidden rows between the planes`);
        // The naive picture, made in this process from the live frame, against the app's two pictures of it.
        let naivePicture = null;
        if (app) {
          const naive = Buffer.from(py.naivePicture.rgb, 'base64');
          const againstCorrect = psnr(naive, app.thumbnail.rgb);
          const againstWrong = app.wrongWrap ? psnr(naive, app.wrongWrap.rgb) : null;
          if (hidden === 0) {
            assert.equal(app.wrongWrap, null, app.reason);
            assert.ok(againstCorrect >= 35, `no hidden rows: the naive picture is the right one (${againstCorrect} dB)`);
          } else {
            assert.ok(app.wrongWrap, `the app shows a wrong wrap for ${hidden} hidden rows`);
            assert.ok(againstWrong >= 35, `the naive picture is the app's wrong wrap (${againstWrong} dB)`);
            assert.ok(againstCorrect < againstWrong - 10, `and not the right picture (${againstCorrect} against ${againstWrong} dB)`);
          }
          naivePicture = { spec: app.spec, width: py.naivePicture.width, height: py.naivePicture.height, psnrAgainstAppWrongWrap: againstWrong, psnrAgainstAppPicture: againstCorrect };
        }
        record.push({ file: entry.file, frame: entry.frameIndex, snippet: 'python', tensor: entry.facts.tensor.kind, pointers: py.pointers.map((n) => `0x${n.toString(16)}`), tensorStarts: starts.map((n) => `0x${n.toString(16)}`), hiddenRows: hidden, naiveChromaEqual: py.naiveChromaEqual, naivePicture, framePointers: py.framePointers.map((n) => `0x${n.toString(16)}`), otherLayoutRefused: py.otherLayoutRefused, torch: py.torch ?? (torchAvailable ? null : 'PyTorch is not installed') });
      });
    }
  }
});
