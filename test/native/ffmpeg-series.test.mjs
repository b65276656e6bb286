// Which FFmpeg the addon runs on: the loader's choice (ZCI_FFMPEG), the environment's account of the release, the
// library loaded and what its NVDEC hwaccel hands out, and the unsafe-output option. This file runs in every pass of
// the suite: against the system's FFmpeg (5.1) and against each variant (7.1, 9.0 and both with docs/upstream's fix).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { addon, codeOf, sample } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const loader = path.join(here, '..', '..', 'native', 'index.cjs');
/** The addon binary of an FFmpeg variant (native/index.cjs's folders). */
const variantBinary = (choice) =>
  path.join(here, '..', '..', 'native', `build-ffmpeg-${choice}`, 'Release', 'zerocopy_inspector.node');
const variant71 = variantBinary('7.1');
const major = Number(addon.environment().ffmpeg.libavcodec.split('.')[0]);

/** The environment's FFmpeg section as a fresh process with env sees it, or its error. */
function ffmpegIn(env) {
  const result = spawnSync(
    process.execPath,
    ['-e', `try { const a = require(${JSON.stringify(loader)}); console.log(JSON.stringify({ variant: a.ffmpegVariant, ffmpeg: a.environment().ffmpeg })); } catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message, remedy: e.remedy })); }`],
    { encoding: 'utf8', env: { ...process.env, ZCI_ADDON_PATH: '', ...env } },
  );
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

test('the environment names the FFmpeg release, the libavcodec file loaded and what NVDEC frames are', () => {
  const { ffmpeg } = addon.environment();
  assert.match(ffmpeg.version, /^\d+\.\d+/);
  assert.match(path.basename(ffmpeg.libraryPath), new RegExp(`^libavcodec\\.so\\.${major}(\\.|$)`));
  assert.ok(existsSync(ffmpeg.libraryPath), ffmpeg.libraryPath);
  // FFmpeg 6.0 made NVDEC frames copies, with AV_HWACCEL_FLAG_UNSAFE_OUTPUT to turn the copy off.
  assert.equal(ffmpeg.nvdecOutput, major >= 60 ? 'copy' : 'mapped-surface');
  assert.equal(ffmpeg.unsafeOutputFlag, major >= 60);
  assert.equal(ffmpeg.origin, addon.ffmpegVariant === 'system' ? 'system' : 'bundled');
});

test('ZCI_FFMPEG picks the variant at load; an unknown one is refused with the choices', () => {
  const system = ffmpegIn({ ZCI_FFMPEG: 'system' });
  assert.equal(system.variant, 'system');
  assert.equal(system.ffmpeg.origin, 'system');
  const bogus = ffmpegIn({ ZCI_FFMPEG: '4.4' });
  assert.equal(bogus.code, 'INVALID_ARGUMENT');
  assert.match(bogus.remedy, /system, 7\.1/);
});

test(
  'the FFmpeg 7.1 variant loads FFmpeg 7.1 from its own folder, not the system',
  { skip: !existsSync(variant71) && 'the 7.1 variant is not built (npm run build:native:ffmpeg7)' },
  () => {
    const { variant, ffmpeg } = ffmpegIn({ ZCI_FFMPEG: '7.1' });
    assert.equal(variant, '7.1');
    assert.match(ffmpeg.version, /^7\.1\./);
    assert.equal(ffmpeg.libavcodec.split('.')[0], '61');
    assert.equal(ffmpeg.origin, 'bundled');
    assert.equal(path.dirname(ffmpeg.libraryPath), path.join(path.dirname(variant71), 'ffmpeg-lib'));
    assert.equal(ffmpeg.nvdecOutput, 'copy');
  },
);

test('unsafeOutput is a boolean open option; a software decode reports no NVDEC output', async () => {
  assert.equal(await codeOf(() => addon.Session.open(sample, { decode: 'software', unsafeOutput: 'yes' })), 'INVALID_ARGUMENT');
  const s = await addon.Session.open(sample, { decode: 'software', unsafeOutput: true });
  try {
    assert.equal(s.info.decodePath, 'software');
    assert.equal(s.info.nvdecOutput, null);
    const { report } = await s.show({ index: 0 });
    assert.equal(report.decoderSurface.witnessed, false);
    assert.match(report.decoderSurface.reason, /software/);
  } finally {
    s.close();
  }
});

// Each shipped series: its release, libavcodec's major version, and the suffix the patched build's version carries.
const SERIES = [
  { choice: '9.0', version: /^9\.0\.\d+$/, libavcodec: '63', build: 'npm run build:native:ffmpeg9' },
  {
    choice: '7.1-patched',
    version: /^7\.1\.\d+-nvdec-odd-height$/,
    libavcodec: '61',
    build: 'npm run build:native:ffmpeg7-patched',
  },
  {
    choice: '9.0-patched',
    version: /^9\.0\.\d+-nvdec-odd-height$/,
    libavcodec: '63',
    build: 'npm run build:native:ffmpeg9-patched',
  },
];

for (const { choice, version, libavcodec, build } of SERIES) {
  test(
    `the FFmpeg ${choice} variant loads its own FFmpeg from its own folder, not the system's`,
    { skip: !existsSync(variantBinary(choice)) && `the ${choice} variant is not built (${build})` },
    () => {
      const loaded = ffmpegIn({ ZCI_FFMPEG: choice });
      assert.equal(loaded.variant, choice, JSON.stringify(loaded));
      const { ffmpeg } = loaded;
      assert.match(ffmpeg.version, version);
      assert.equal(ffmpeg.libavcodec.split('.')[0], libavcodec);
      assert.equal(ffmpeg.origin, 'bundled');
      assert.equal(path.dirname(ffmpeg.libraryPath), path.join(path.dirname(variantBinary(choice)), 'ffmpeg-lib'));
      assert.equal(ffmpeg.nvdecOutput, 'copy');
      assert.equal(ffmpeg.unsafeOutputFlag, true);
    },
  );
}
