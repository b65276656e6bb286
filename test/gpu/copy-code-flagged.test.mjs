// Copy as code on a frame the decoder's witness flags: frame 0 of vp9-odd-641x361.webm, which NVDEC writes with its
// chroma one row below where FFmpeg 5.1's pointer says (the odd-height defect). The corrected snippets, generated
// from the H200's measurements of this clip and compiled with the bundle (scripts/gpu/copy-code-bundle.mjs,
// manifest.flagged), run on NVDEC's own frame here:
// - the live report of this frame is the one the snippets were made from (same geometry, same measured distance);
// - the C and C++ snippets wrap it, NVCV's chroma pointer FFmpeg's plus one row of the pitch;
// - in the process that decoded it, the Python snippet's frame_planes() gives that same pointer, and the chroma read
//   there (and through CV-CUDA's tensor from wrap_frame() and PyTorch's from torch_planes(), where installed) is
//   identical to the software decoder's chroma of the same frame, while the chroma at FFmpeg's own pointer is not.
// Runs in the pass against the system FFmpeg (5.1, whose NVDEC frames are the decoder's surfaces), which the harness
// links.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundled = path.join(here, '..', 'copy-code');
const manifestPath = path.join(bundled, 'manifest.json');
const entry = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')).flagged ?? null) : null;
const otherPass = (process.env.ZCI_FFMPEG ?? 'system') !== 'system' && 'runs in the pass against the system FFmpeg';
const skip = !hasGpu
  ? 'no CUDA device'
  : entry === null
    ? 'no flagged copy-code harnesses: built by scripts/gpu/make-bundle.sh'
    : otherPass;

const nvcvDir = process.env.ZCI_NVCV_PATH ?? '';
const env = { ...process.env, LD_LIBRARY_PATH: [nvcvDir, process.env.LD_LIBRARY_PATH ?? ''].filter(Boolean).join(':') };
const pythonDir = path.join(here, '..', '..', 'python');
const record = [];
process.on('exit', () => {
  if (process.env.ZCI_EVIDENCE_DIR && record.length > 0) {
    fs.writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, 'copy-code-flagged.json'), `${JSON.stringify(record, null, 1)}\n`);
  }
});

/** The measured rows from FFmpeg's chroma pointer to where NVDEC wrote the plane, as the snippets state them. */
const shiftRows = () => {
  const fix = entry.facts.decoderFix;
  assert.equal(fix?.kind, 'shift', 'the bundle holds a corrected wrap');
  const chroma = fix.planes.find((p) => p.index === 1);
  assert.ok(chroma && chroma.rows > 0, 'a whole-row distance for the chroma plane');
  return chroma.rows;
};

/** The software decoder's chroma of the frame, interleaved as NV12's (U and V samples alternating), row by row. */
async function softwareChroma(file, index, rows, rowBytes) {
  const session = await addon.Session.open(fixture(file), { decode: 'software' });
  try {
    const { report } = await session.show({ index });
    assert.equal(report.format.swFormat, 'yuv420p');
    const width = rowBytes / 2;
    const [u, v] = await session.readMemoryBatch(
      [1, 2].map((plane) => ({ plane, row: 0, rows, byteStart: 0, byteCount: width })),
      { index },
    );
    const out = Buffer.alloc(rows * rowBytes);
    for (let r = 0; r < rows; r++)
      for (let x = 0; x < width; x++) {
        out[r * rowBytes + 2 * x] = u.data[r * width + x];
        out[r * rowBytes + 2 * x + 1] = v.data[r * width + x];
      }
    return out;
  } finally {
    session.close();
  }
}

/** Rows of `rowBytes` bytes from rows laid `pitch` apart (the first `rowBytes` of each). */
const firstBytes = (data, rows, pitch, rowBytes) =>
  Buffer.concat(Array.from({ length: rows }, (_, r) => data.subarray(r * pitch, r * pitch + rowBytes)));

/** How many rows of two pictures differ. */
const rowsDiffering = (a, b, rowBytes) =>
  Array.from({ length: a.length / rowBytes }, (_, r) =>
    a.subarray(r * rowBytes, (r + 1) * rowBytes).equals(b.subarray(r * rowBytes, (r + 1) * rowBytes)),
  ).filter((same) => !same).length;

describe('the corrected copy-as-code snippets of a flagged NVDEC frame', { skip }, () => {
  test('this machine’s report of the frame is the one the snippets were made from', async () => {
    const session = await addon.Session.open(fixture(entry.file));
    try {
      const { report } = await session.show({ index: entry.frameIndex });
      assert.equal(report.decodePath, 'nvdec');
      assert.equal(report.decoderSurface?.ffmpegCopy ?? false, false, 'FFmpeg hands out NVDEC’s surface');
      assert.deepEqual(
        report.planes.map((p) => [p.width, p.height, p.pitch, p.offsetFromPlane0]),
        entry.report.planes.map((p) => [p.width, p.height, p.pitch, p.offsetFromPlane0]),
      );
      const pick = (s) => s.planes.map((p) => [p.verdict, p.deltaRows, p.deltaBytes, p.decoderOffset]);
      assert.deepEqual(pick(report.decoderSurface), pick(entry.report.decoderSurface));
    } finally {
      session.close();
    }
  });

  for (const ecosystem of ['c', 'cpp']) {
    test(`${ecosystem}: NVCV's chroma is FFmpeg's pointer plus the measured rows of its pitch`, () => {
      const rows = shiftRows();
      const out = execFileSync(path.join(bundled, entry.binaries[ecosystem]), [fixture(entry.file), String(entry.frameIndex), 'cuda'], { env, encoding: 'utf8' });
      const harness = JSON.parse(out.trim().split('\n').at(-1));
      assert.equal(harness.format, 'cuda', 'an NVDEC frame');
      assert.equal(harness.exportStatus, 0);
      const [luma, chroma] = harness.planes;
      assert.equal(luma.nvcvPointer, luma.ffmpegPointer);
      assert.equal(BigInt(chroma.nvcvPointer), BigInt(chroma.ffmpegPointer) + BigInt(rows * chroma.linesize));
      assert.equal(chroma.rowStride, chroma.linesize);
      assert.equal(harness.refsAfter, harness.refsBefore, 'the cleanup callback ran');
      record.push({ file: entry.file, frame: entry.frameIndex, snippet: ecosystem, planes: harness.planes, shiftRows: rows });
    });
  }

  const memcheck = process.env.ZCI_MEMCHECK === '1' && 'not under compute-sanitizer: CuPy and CV-CUDA load kernels the sanitizer patches one by one';
  test('the chroma the snippets wrap is the software decoder’s, identical; FFmpeg’s own pointer’s is not', { skip: memcheck }, async () => {
    const rows = shiftRows();
    const script = path.join(here, 'copy-code', 'read-flagged.py');
    const out = execFileSync(
      'python3',
      [script, path.join(bundled, entry.library), fixture(entry.file), String(entry.frameIndex), path.join(bundled, entry.python), path.join(bundled, entry.torch)],
      { env: { ...env, PYTHONPATH: pythonDir }, encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    const lines = out.trim().split('\n');
    const harness = JSON.parse(lines.at(-1));
    const py = JSON.parse(lines.at(-2));
    assert.equal(harness.commandStatus, 0, py.error ?? 'the snippets ran');
    // The Python snippet moved FFmpeg's chroma pointer by the measured rows, to where the C snippet's NVCV wrap reads.
    assert.equal(py.correctedPointers[1], py.framePointers[1] + rows * py.framePitches[1]);
    assert.equal(BigInt(harness.planes[1].nvcvPointer), BigInt(py.correctedPointers[1]), 'the C wrap reads the same bytes');

    const { chromaRows, chromaRowBytes } = py;
    const reference = await softwareChroma(entry.file, entry.frameIndex, chromaRows, chromaRowBytes);
    const snippet = Buffer.from(py.snippetChroma, 'base64');
    const ffmpeg = Buffer.from(py.ffmpegChroma, 'base64');
    assert.equal(rowsDiffering(snippet, reference, chromaRowBytes), 0, 'the corrected chroma is the software decoder’s');
    assert.ok(snippet.equals(reference));
    // The defect is there to be corrected: the chroma at FFmpeg's pointer is not the picture's.
    const wrong = rowsDiffering(ffmpeg, reference, chromaRowBytes);
    assert.ok(wrong > 0, 'the chroma at FFmpeg’s pointer differs from the software decoder’s');

    const result = { file: entry.file, frame: entry.frameIndex, snippet: 'python', shiftRows: rows, chromaRows, chromaRowBytes, identicalToSoftware: true, rowsDifferingAtFfmpegPointer: wrong, cvcuda: null, torch: null };
    if (py.cvcuda) {
      // CV-CUDA's one tensor from plane 0: its chroma rows start at the decoder's row, its width the luma's.
      const width = entry.report.planes[0].width;
      assert.equal(py.cvcuda.chromaRow * py.pitches[0], py.correctedPointers[1] - py.correctedPointers[0]);
      const tensorRows = Buffer.from(py.cvcuda.rows, 'base64');
      assert.ok(tensorRows.equals(firstBytes(reference, chromaRows, chromaRowBytes, width)), 'CV-CUDA’s chroma rows are the software decoder’s');
      result.cvcuda = { chromaRow: py.cvcuda.chromaRow, identicalToSoftware: true };
    }
    if (py.torch) {
      assert.equal(py.torch.dataPtr, py.correctedPointers[1]);
      assert.ok(Buffer.from(py.torch.rows, 'base64').equals(reference), 'PyTorch’s chroma tensor is the software decoder’s');
      result.torch = { identicalToSoftware: true };
    }
    record.push(result);
  });
});
