// Shared by the native tiers (CPU and GPU): the addon, fixture paths, reading a frame's index band, made media and
// opens measured in a child process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The addon's JS entry (native/index.cjs). */
export const addon = require(path.join(here, '..', '..', 'native', 'index.cjs'));

/** Absolute path of a committed fixture. */
export const fixture = (name) => path.join(here, '..', 'fixtures', name);

/** The bundled sample clip. */
export const sample = path.join(here, '..', '..', 'assets', 'sample.mp4');

/** True when this machine has a usable CUDA device. */
export const hasGpu = addon.environment().cuda.deviceCount > 0;

/** The frame index encoded in the top band of the frame a target names (8 columns, bit k bright = set), read from
 * its luma thumbnail; the frame the session showed last is shown again without decoding. */
export async function bandIndex(session, target) {
  const {
    thumbnails: [luma],
  } = await session.show(target, { proof: false, thumbnailWidth: 512 });
  const { width, height, data } = luma;
  const bandRows = session.info.height < 200 ? 32 : 64;
  const y = Math.floor(((bandRows / 4) * height) / session.info.height);
  let index = 0;
  for (let k = 0; k < 8; k++) {
    const x = Math.floor(((k + 0.5) * width) / 8);
    if (data[y * width + x] > 128) index |= 1 << k;
  }
  return index;
}

/** Rejection code of a promise (or of a thrown call). */
export async function codeOf(fn) {
  try {
    await fn();
  } catch (e) {
    return e.code;
  }
  return 'NO_ERROR';
}

/** A temporary folder, removed when the test file ends (call from the top level, pass node:test's after). */
export function tempDir(after, prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs a committed media generator, test/fixtures/SCRIPT, with args (its usage names the file it makes). */
export function makeMedia(script, ...args) {
  // The output is the one argument that names a file not there yet. Machines without the ffmpeg command (a GPU
  // bundle) replay what the build machine made: ZCI_TEST_MEDIA names that folder, ZCI_TEST_MEDIA_RECORD fills it.
  const output = args.find((a) => path.isAbsolute(a) && !fs.existsSync(a));
  const key = [script, ...args.map((a) => path.basename(a))].join('-');
  const replay = process.env.ZCI_TEST_MEDIA;
  if (replay && output) {
    fs.copyFileSync(path.join(replay, key), output);
    const sizeFile = path.join(replay, `${key}.size`);
    if (fs.existsSync(sizeFile)) fs.truncateSync(output, Number(fs.readFileSync(sizeFile, 'utf8')));
    return;
  }
  execFileSync('python3', [fixture(script), ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  const record = process.env.ZCI_TEST_MEDIA_RECORD;
  if (record && output) {
    fs.mkdirSync(record, { recursive: true });
    // A file with a sparse hole travels as its data and its length: the hole comes back with truncate.
    const { size, blocks } = fs.statSync(output);
    // (The data before the hole is small: the first 64 MiB are kept, trailing zeros dropped; truncate adds them.)
    if (blocks * 512 < size / 2) {
      const fd = fs.openSync(output, 'r');
      const head = Buffer.alloc(Math.min(size, 64 * 1024 * 1024));
      let end = fs.readSync(fd, head, 0, head.length, 0);
      fs.closeSync(fd);
      while (end > 0 && head[end - 1] === 0) end -= 1;
      fs.writeFileSync(path.join(record, key), head.subarray(0, end));
      fs.writeFileSync(path.join(record, `${key}.size`), String(size));
    } else fs.copyFileSync(output, path.join(record, key));
  }
}

/** Opens path in a fresh Node process: { code, message, opened, frameCount, ms, rssMB } (rssMB: its peak RSS). */
export function openInChild(file, options = {}) {
  const child = path.join(here, 'open.child.mjs');
  // A hang ends the child (and fails the test) after two minutes; how long it took is a figure, never a bound.
  const out = execFileSync(process.execPath, [child, file, JSON.stringify(options)], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return JSON.parse(out);
}

/**
 * Frame index of a file as FFmpeg's command line decodes it, in its native pixel format, planes packed without
 * padding (`-f rawvideo`): a witness independent of the addon. Machines without a full ffmpeg command (a GPU bundle)
 * replay what the build machine dumped, as makeMedia does: ZCI_TEST_MEDIA names that folder, ZCI_TEST_MEDIA_RECORD
 * fills it.
 */
export function rawFrame(file, index, pixelFormat) {
  const key = `rawframe-${path.basename(file)}-${index}-${pixelFormat}`;
  const replay = process.env.ZCI_TEST_MEDIA;
  if (replay) return fs.readFileSync(path.join(replay, key));
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-threads', '1', '-i', file, '-vf', `select=eq(n\\,${index})`, '-fps_mode', 'passthrough'].concat(
      ['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', pixelFormat, '-'],
    ),
    { maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const record = process.env.ZCI_TEST_MEDIA_RECORD;
  if (record) {
    fs.mkdirSync(record, { recursive: true });
    fs.writeFileSync(path.join(record, key), raw);
  }
  return raw;
}

/**
 * Reports of a sequence of frames with what may differ between two sessions taken out: timings, the proof's random
 * canary, and each address and driver buffer id replaced by the order in which it was first seen in the sequence. Two sessions decoding the same frames the same
 * way give the same result: the same layouts, verdicts and reuse of addresses, frame by frame.
 */
export function comparableReports(reports, { perFrame = false } = {}) {
  let seen = new Map();
  const id = (address) => {
    if (!seen.has(address)) seen.set(address, `address#${seen.size}`);
    return seen.get(address);
  };
  return reports.map((report) => {
    // perFrame: addresses are compared within each report only (which of FFmpeg's pool buffers a frame lands in is
    // then not compared, nor the pool's count of addresses seen).
    if (perFrame) seen = new Map();
    const out = JSON.parse(
      JSON.stringify(report, (key, value) => {
        if (key === 'timings' || key.endsWith('Us') || key.endsWith('Ms')) return undefined;
        // The driver's buffer ids count every allocation of the process: compared by first appearance too.
        if (key === 'bufferId') return id(`buffer ${value}`);
        return typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? id(value) : value;
      }),
    );
    // The aliasing proof's canary is random: what must match is that each plane read back the canary written.
    const aliasing = out.aliasing;
    if (aliasing?.canary) {
      aliasing.readBack = String(aliasing.readBack)
        .split(',')
        .map((word) => (word === aliasing.canary ? 'the canary' : word))
        .join(',');
      aliasing.canary = 'the canary';
    }
    if (perFrame && out.pool) {
      delete out.pool.addressSeenBefore;
      delete out.pool.distinctAddresses;
    }
    return out;
  });
}
