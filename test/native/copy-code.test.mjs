// The C and C++ copy-as-code snippets, generated from the addon's real report of each fixture's frame, compiled
// against the project's NVCV declarations (not NVIDIA's headers) and the real libnvcv_types, run on the same frame
// decoded by FFmpeg: the image NVCV exports has FFmpeg's pointers and pitches, and destroying it drops the frame
// reference the cleanup callback held. Software decode here: NVCV refuses host memory as STRIDED_HOST, so the
// snippet's STRIDED_CUDA descriptor over host pointers is checked (layout only; nothing reads through it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';

import { buildHarness, loadGenerator, runHarness } from './copy-code/build.mjs';
import { addon, fixture, hasGpu, sample, tempDir } from './helpers.mjs';

const files = [
  ...fs
    .readdirSync(path.dirname(fixture('x')))
    .filter((f) => f.endsWith('.mp4'))
    .map(fixture),
  sample,
];
const INDEX = 3;
// The GPU bundle has no compiler, FFmpeg headers or TypeScript loader: test/gpu/copy-code.test.mjs runs the
// harnesses built with it instead.
function buildTools() {
  try {
    execFileSync('pkg-config', ['--exists', 'libavformat', 'libavcodec', 'libavutil']);
    execFileSync('g++', ['--version'], { stdio: 'ignore' });
    return fs.existsSync(path.join(path.dirname(fixture('x')), '..', '..', 'node_modules', 'jiti'));
  } catch {
    return false;
  }
}
const skip = buildTools() ? false : 'no compiler, FFmpeg headers or jiti here (the GPU tier runs prebuilt harnesses)';
const dir = tempDir(after, 'zci-copy-code-');
const generator = skip ? null : await loadGenerator();
const nvcvPath = addon.environment().nvcv.path;

/** The addon's report of frame INDEX of a file, from a session of its own. */
async function reportOf(file) {
  const s = await addon.Session.open(file);
  try {
    return (await s.show({ index: INDEX })).report;
  } finally {
    s.close();
  }
}

describe('copy-as-code C and C++ snippets on real frames', { skip }, () => {
  for (const file of files) {
    for (const ecosystem of ['c', 'cpp']) {
      test(`${path.basename(file)} ${ecosystem}`, async () => {
        const report = await reportOf(file);
        const { snippets, facts } = generator.copyCode(report);
        const snippet = snippets.find((x) => x.ecosystem === ecosystem);
        assert.ok(snippet?.code, `no ${ecosystem} code: ${snippet?.note}`);
        if (!hasGpu) assert.equal(facts.verdict.kind, 'host', 'a software frame is not claimed as zero copy');
        const binary = buildHarness(path.join(dir, path.basename(file)), snippet.code, ecosystem, nvcvPath);
        const run = runHarness(binary, file, INDEX, hasGpu ? 'cuda' : 'sw');

        assert.equal(run.exportStatus, 0);
        assert.equal(run.exportedFormat, `0x${BigInt(report.wrap.formatCode).toString(16)}`);
        assert.equal(run.bufferType, 1, 'STRIDED_CUDA');
        assert.equal(run.planes.length, report.planes.length);
        run.planes.forEach((p, i) => {
          const r = report.planes[i];
          assert.equal(p.nvcvPointer, p.ffmpegPointer, `plane ${i} pointer`);
          assert.equal(p.rowStride, p.linesize, `plane ${i} stride`);
          assert.equal(p.width, r.width, `plane ${i} width`);
          assert.equal(p.height, r.height, `plane ${i} height`);
          // The same decoder makes the same layout: this run's pitch is the report's.
          assert.equal(p.linesize, r.pitch, `plane ${i} pitch`);
        });
        assert.equal(run.refsWrapped, run.refsBefore + 1, 'the wrap holds one frame reference');
        assert.equal(run.refsAfter, run.refsBefore, 'the cleanup callback dropped it when the image was destroyed');
      });
    }
  }
});

// The Python snippets are for device frames, which this machine has only as recorded reports: each parses.
describe('copy-as-code Python snippets of the recorded H200 reports', { skip }, () => {
  const runs = path.join(path.dirname(fixture('x')), '..', '..', 'docs', 'gpu-runs');
  const run = fs.readdirSync(runs).find((d) => fs.existsSync(path.join(runs, d, 'reports.json')));
  const recorded = JSON.parse(fs.readFileSync(path.join(runs, run, 'reports.json'), 'utf8'));
  for (const { file, reports } of recorded.fixtures) {
    test(file, () => {
      const { snippets } = generator.copyCode(reports[0]);
      for (const ecosystem of ['python', 'torch']) {
        const code = snippets.find((s) => s.ecosystem === ecosystem)?.code;
        assert.ok(code, `${file}: no ${ecosystem} code`);
        const source = path.join(dir, `${file}.${ecosystem}.py`);
        fs.writeFileSync(source, code);
        execFileSync('python3', ['-c', 'import ast, sys; ast.parse(open(sys.argv[1]).read())', source]);
      }
    });
  }
});

// The Python snippet runs in the process that decoded the frame (a device pointer is valid in no other): python3
// loads the harness as a library and is called back while the image is alive. Here, on a software frame and without
// CV-CUDA, the plumbing: the planes python3 receives are FFmpeg's, and the image is released after the callback.
describe('the harness as a library, called from python3', { skip }, () => {
  test('python3 receives the live frame’s planes while the image is alive', async () => {
    const file = fixture('h264-odd-642x362.mp4');
    const report = await reportOf(file);
    const code = generator.copyCode(report).snippets.find((x) => x.ecosystem === 'c').code;
    const library = buildHarness(path.join(dir, 'library'), code, 'c', nvcvPath, { library: true });
    const script = path.join(path.dirname(fixture('x')), '..', 'gpu', 'copy-code', 'run-snippet.py');
    const mode = hasGpu ? 'cuda' : 'sw';
    const lines = execFileSync('python3', [script, library, file, String(INDEX), mode, '-', '-'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const py = JSON.parse(lines.at(-2));
    const harness = JSON.parse(lines.at(-1));
    assert.equal(harness.commandStatus, 0);
    assert.deepEqual(
      py.pointers,
      harness.planes.map((p) => Number(BigInt(p.ffmpegPointer))),
    );
    assert.deepEqual(
      py.pitches,
      harness.planes.map((p) => p.linesize),
    );
    assert.equal(harness.refsWrapped, harness.refsBefore + 1);
    assert.equal(harness.refsAfter, harness.refsBefore, 'the image was released after the callback returned');
  });

  test('the Python snippet takes the AVFrame itself: it reads FFmpeg’s pointers and pitches, and refuses another layout', async () => {
    // The snippet of this clip's NVDEC frame as the H200 recorded it, given this machine's software frame: its
    // AVFrameHead reads the live frame's data[] and linesize[], and frame_planes() refuses the frame, naming the
    // pitches it read (a software frame's are not NVDEC's).
    const file = fixture('h264-odd-642x362.mp4');
    const recorded = JSON.parse(fs.readFileSync(path.join(path.dirname(fixture('x')), '..', '..', 'docs', 'gpu-runs', '2026-11-30-bf9e155', 'reports.json'), 'utf8'));
    const report = recorded.fixtures.find((f) => f.file === 'h264-odd-642x362.mp4').reports[0];
    const code = generator.copyCode(report).snippets.find((x) => x.ecosystem === 'python').code;
    const snippet = path.join(dir, 'frame-snippet.py');
    fs.writeFileSync(snippet, code);
    // The harness wraps the frame with the C snippet of this machine's own report of it (the NV12 one refuses it).
    const local = generator.copyCode(await reportOf(file)).snippets.find((x) => x.ecosystem === 'c').code;
    const library = buildHarness(path.join(dir, 'library-frame'), local, 'c', nvcvPath, { library: true });
    const script = path.join(path.dirname(fixture('x')), '..', 'gpu', 'copy-code', 'run-snippet.py');
    const lines = execFileSync('python3', [script, library, file, String(INDEX), 'sw', snippet, '-'], { encoding: 'utf8' }).trim().split('\n');
    const py = JSON.parse(lines.at(-2));
    const harness = JSON.parse(lines.at(-1));
    assert.equal(harness.commandStatus, 0, lines.join('\n'));
    assert.deepEqual(py.headPointers, harness.planes.map((p) => Number(BigInt(p.ffmpegPointer))));
    assert.deepEqual(py.headPitches, harness.planes.map((p) => p.linesize));
    // frame_planes() reads as many planes as the inspected frame has (NV12: two), and names their pitches.
    const expected = report.planes.map((p) => p.pitch);
    const read = py.headPitches.slice(0, expected.length);
    assert.notDeepEqual(read, expected, 'a software frame’s pitches are not the NVDEC frame’s');
    assert.equal(py.frameRefused, `pitches [${read.join(', ')}], not the inspected [${expected.join(', ')}]`);
    assert.match(py.otherLayoutRefused, /not the inspected/);
  });
});
