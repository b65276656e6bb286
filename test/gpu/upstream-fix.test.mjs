// docs/upstream's fix on a GPU, through FFmpeg's own command line: docs/upstream/reproduce-odd-height.sh decodes the
// 321x241 VP9 clip with NVDEC (FFmpeg's copy, and the decoder's surface where the FFmpeg has unsafe output) and with
// the software decoder. Each FFmpeg as released hands out frames that differ from the software decoder's; each with
// the patches applied hands out the same frames. The output of every run is kept in the evidence folder
// (upstream-<build>.txt). Runs in the pass against the system's FFmpeg only: it runs every FFmpeg itself.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { hasGpu } from '../native/helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The checkout keeps the FFmpeg builds in .gpu/, the bundle at its top; docs/upstream is in both.
const reproducer = path.join(root, 'docs', 'upstream', 'reproduce-odd-height.sh');
const clip = path.join(root, 'docs', 'upstream', 'fate', 'vp9-odd-321x241.webm');
const buildOf = (name) =>
  [path.join(root, '.gpu', name, 'bin', 'ffmpeg'), path.join(root, name, 'bin', 'ffmpeg')].find((f) => existsSync(f));
const BUILDS = [
  { name: 'ffmpeg', label: 'FFmpeg 5.1', fixed: false },
  { name: 'ffmpeg-7.1', label: 'FFmpeg 7.1', fixed: false },
  { name: 'ffmpeg-9.0', label: 'FFmpeg 9.0', fixed: false },
  { name: 'ffmpeg-7.1-patched', label: 'FFmpeg 7.1 with the fix', fixed: true },
  { name: 'ffmpeg-9.0-patched', label: 'FFmpeg 9.0 with the fix', fixed: true },
];
const otherPass = (process.env.ZCI_FFMPEG ?? 'system') !== 'system' && 'runs in the pass against the system FFmpeg';

for (const { name, label, fixed } of BUILDS) {
  const ffmpeg = buildOf(name);
  const skip = !hasGpu
    ? 'no CUDA device'
    : otherPass || (!existsSync(reproducer) && 'docs/upstream is not here') || (!ffmpeg && `${name} is not built here`);
  test(
    `${label}: NVDEC's frames of an odd-height VP9 clip ${fixed ? 'equal' : 'differ from'} the software decoder's`,
    { skip },
    () => {
      const run = spawnSync(reproducer, [ffmpeg], {
        encoding: 'utf8',
        env: { ...process.env, CLIP: clip },
        timeout: 120_000,
      });
      const said = `${run.stdout}${run.stderr}`;
      if (process.env.ZCI_EVIDENCE_DIR)
        writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, `upstream-${name}.txt`), said);
      assert.equal(run.status, fixed ? 0 : 1, said);
      // The copy, FFmpeg's default, ran on every series.
      assert.match(said, fixed ? /^nvdec-copy: .*\n {2}equal to the software decoder's output/m : /^ {2}DIFFERS/m);
      if (fixed) assert.doesNotMatch(said, /DIFFERS/);
    },
  );
}
