// docs/upstream's fix for FFmpeg's odd-height NVDEC defect, checked without a GPU: each series' patches apply to that
// series' source as scripts/gpu/build-ffmpeg.sh unpacks it (no offset, no fuzz), and the patched code places and copies
// the planes as docs/upstream/README.md says; the FATE reference is the software decoder's framecrc of the clip; the
// reproducer runs the software decode and, without NVDEC, says that it cannot compare. Where the sources or the FFmpeg
// builds are not here (a bundle carries docs/upstream but neither), these skip, saying so; on a GPU,
// test/gpu/upstream-fix.test.mjs runs the reproducer itself.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const upstream = path.join(root, 'docs', 'upstream');
const SERIES = [
  { series: '7.1', release: '7.1.5' },
  { series: '9.0', release: '9.0.2' },
];
const sourceOf = (release) => path.join(root, '.gpu', 'src', `ffmpeg-${release}`);
const ffmpegOf = (series) => path.join(root, '.gpu', `ffmpeg-${series}`, 'bin', 'ffmpeg');
const noUpstream = !existsSync(upstream) && 'docs/upstream is not here (a bundle carries no docs)';

/** The patches of a series, in the order they apply. */
function patchesOf(series) {
  const dir = path.join(upstream, `ffmpeg-${series}`);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The files a patch changes (its +++ lines, without the b/ prefix). */
function filesOf(patch) {
  return [...readFileSync(patch, 'utf8').matchAll(/^\+\+\+ b\/(\S+)$/gm)].map((m) => m[1]);
}

/** Runs patch(1) with ARGS in DIR on PATCH; its status and everything it said. */
function runPatch(dir, patch, args) {
  const run = spawnSync('patch', ['-d', dir, '-p1', ...args], { input: readFileSync(patch), encoding: 'utf8' });
  return { status: run.status, said: `${run.stdout}${run.stderr}` };
}

for (const { series, release } of SERIES) {
  const source = sourceOf(release);
  const skip =
    noUpstream ||
    (!existsSync(path.join(source, 'configure')) &&
      `FFmpeg ${release}'s source is not unpacked here (scripts/gpu/build-ffmpeg.sh ${series} unpacks it)`);

  test(
    `the ${series} patches apply to FFmpeg ${release}'s source with patch -p1, no offset and no fuzz`,
    { skip },
    () => {
      const patches = patchesOf(series);
      assert.ok(patches.length >= 2, `${patches.length} patches`);
      for (const patch of patches) {
        const { status, said } = runPatch(source, patch, ['--dry-run']);
        assert.equal(status, 0, `${path.basename(patch)}:\n${said}`);
        assert.doesNotMatch(said, /offset|fuzz|FAILED|reject/i, `${path.basename(patch)}:\n${said}`);
      }
    },
  );

  test(`FFmpeg ${release} patched places the chroma after the even-rounded rows and copies every row`, { skip }, () => {
    // A scratch copy of the files the patches change, patched for real, in order.
    const scratch = mkdtempSync(path.join(os.tmpdir(), `zci-upstream-${series}-`));
    try {
      for (const patch of patchesOf(series)) {
        for (const file of filesOf(patch)) {
          if (!existsSync(path.join(scratch, file))) cpSync(path.join(source, file), path.join(scratch, file));
        }
        const { status, said } = runPatch(scratch, patch, ['--no-backup-if-mismatch']);
        assert.equal(status, 0, said);
      }
      const before = readFileSync(path.join(source, 'libavcodec', 'nvdec.c'), 'utf8');
      const nvdec = readFileSync(path.join(scratch, 'libavcodec', 'nvdec.c'), 'utf8');
      const cuda = readFileSync(path.join(scratch, 'libavutil', 'hwcontext_cuda.c'), 'utf8');
      // The defect as the unpatched source has it, and its absence after.
      const planeStep = 'offset += pitch * (frame->height >> (i ? shift_v : 0));';
      assert.ok(before.includes(planeStep), 'the unpatched source steps planes by the frame height');
      assert.ok(!nvdec.includes(planeStep), 'the patched source still steps planes by the frame height');
      assert.match(nvdec, /offset \+= pitch \* \(decoder->surface_rows >> \(i \? shift_v : 0\)\);/);
      assert.match(
        nvdec,
        /surface_rows += chroma_444 \? params\.ulTargetHeight\s+: FFALIGN\(params\.ulTargetHeight, 2\);/,
      );
      // The copy keeps the picture's size, and the transfer copies (height + 1) >> shift rows of a subsampled plane.
      assert.match(
        nvdec,
        /ret = av_frame_make_writable\(frame\);\s+if \(ret < 0\)\s+return ret;\s+frame->width {2}= width;/,
      );
      assert.match(
        cuda,
        /\.Height += AV_CEIL_RSHIFT\(src->height, \(i == 0 \|\| i == 3\) \? 0 : priv->shift_height\),/,
      );
      assert.doesNotMatch(cuda, /\.Height += src->height >>/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
}

const clip = path.join(upstream, 'fate', 'vp9-odd-321x241.webm');
const reference = path.join(upstream, 'fate', 'ref', 'vp9-odd-321x241');

for (const { series } of SERIES) {
  const ffmpeg = ffmpegOf(series);
  const hasFramecrc =
    existsSync(ffmpeg) &&
    /^ +E +framecrc /m.test(spawnSync(ffmpeg, ['-hide_banner', '-muxers'], { encoding: 'utf8' }).stdout);
  const skip =
    noUpstream ||
    (!hasFramecrc &&
      `FFmpeg ${series} with the framecrc muxer is not built here (scripts/gpu/build-ffmpeg.sh ${series})`);

  test(`the FATE reference is FFmpeg ${series}'s software decode of the clip, as FATE runs it`, { skip }, () => {
    // tests/fate-run.sh's ffmpeg and framecrc functions, with HWACCEL left at none and one thread.
    const run = spawnSync(
      ffmpeg,
      [
        ...['-nostdin', '-nostats', '-noauto_conversion_filters', '-cpuflags', 'all'],
        ...['-hwaccel', 'none', '-threads', '1', '-thread_type', 'frame+slice', '-i', clip],
        ...['-vf', 'scale,format=yuv420p', '-bitexact', '-f', 'framecrc', '-'],
      ],
      { encoding: 'utf8' },
    );
    assert.equal(run.status, 0, run.stderr);
    const frames = (text) => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    const expected = frames(readFileSync(reference, 'utf8'));
    assert.equal(expected.length, 10);
    assert.deepEqual(frames(run.stdout), expected);
    assert.match(readFileSync(reference, 'utf8'), /^#dimensions 0: 321x241$/m);
  });

  test(
    `the reproducer decodes the clip with FFmpeg ${series} and, with no NVDEC here, says it cannot compare`,
    { skip: skip || (hasNvidiaDevice() && 'this machine has an NVIDIA device: the GPU tier runs the reproducer') },
    () => {
      const run = spawnSync(path.join(upstream, 'reproduce-odd-height.sh'), [ffmpeg], { encoding: 'utf8' });
      assert.equal(run.status, 2, `${run.stdout}${run.stderr}`);
      assert.match(
        run.stdout,
        /^software decode: .* -i .*vp9-odd-321x241\.webm -vf scale,format=yuv420p -bitexact -f framecrc -$/m,
      );
      assert.match(run.stdout, /^nvdec-copy: .* -hwaccel cuda -hwaccel_output_format cuda -i /m);
      assert.match(run.stdout, /^nvdec-surface: .* -hwaccel_flags \+unsafe_output -i /m);
      assert.match(run.stdout, /^CANNOT RUN: no NVDEC decode ran/m);
    },
  );
}

/** Whether the machine has an NVIDIA device node (the reproducer's NVDEC decodes could run). */
function hasNvidiaDevice() {
  return existsSync('/dev/nvidia0');
}
