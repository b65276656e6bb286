// @ts-check
// Held frames against NVDEC's surfaces (test/gpu/surface-exhaustion.test.mjs, surface-exhaustion-ffmpegNN.json):
// with the surfaces the decoder reserves for held frames, and with that reservation taken away
// (ZCI_PLANT_POOL=unreserved), where the frames are the mapped surfaces (FFmpeg 5.1, or 7.1 with unsafe output) and
// where they are FFmpeg's copies (7.1 by default). Read from the run's folder, or else from a follow-up run kept in
// the latest follow-up run kept in a folder of it (focus-N-COMMIT, run.mjs followUps) that has them.
import fs from 'node:fs';
import path from 'node:path';
import { tableHead } from './stats.mjs';
import { followUps } from './run.mjs';

const NAME = /^surface-exhaustion-ffmpeg(\d+)\.json$/;

/** The folder holding the files (the latest follow-up run that has them, else the run's own) and its commit when it
 * is a follow-up. @param {string} runDir */
function source(runDir) {
  const has = (/** @type {string} */ dir) => fs.readdirSync(dir).some((f) => NAME.test(f));
  const followUp = followUps(runDir)
    .filter((f) => has(f.dir))
    .at(-1);
  if (followUp) return { dir: followUp.dir, commit: followUp.commit };
  return has(runDir) ? { dir: runDir, commit: null } : null;
}

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeSurfaceExhaustionEvidence(run, ev) {
  const found = source(run.runDir);
  if (!found) return;
  const series = fs
    .readdirSync(found.dir)
    .map((f) => ({ f, m: NAME.exec(f) }))
    .filter((x) => x.m !== null)
    .map((x) => ({ major: Number(/** @type {RegExpExecArray} */ (x.m)[1]), rows: JSON.parse(fs.readFileSync(path.join(found.dir, x.f), 'utf8')) }))
    .sort((a, b) => a.major - b.major);
  const where = found.commit ? `a follow-up run at ${found.commit} on the same machine (\`${path.relative(path.dirname(run.runDir), found.dir)}\`)` : 'this run';
  ev.push('## Held frames against NVDEC\'s surfaces', '');
  ev.push('`test/gpu/surface-exhaustion.test.mjs`, in ' + where + ': a session holds 16 frames (`holdFrames`) and steps');
  ev.push('through up to 48, in a process of its own (a hang or crash would fail the test). The decoder asks FFmpeg for one');
  ev.push('extra surface a held frame (`extra_hw_frames`); `ZCI_PLANT_POOL=unreserved` takes that away. Where FFmpeg\'s');
  ev.push('frames are NVDEC\'s mapped surfaces (libavcodec 59, FFmpeg 5.1; or 61, FFmpeg 7.1, with unsafe output), a held');
  ev.push('frame keeps its surface from the decoder; FFmpeg\'s copies (7.1 by default) come from a pool of their own.', '');
  ev.push(...tableHead('| libavcodec | clip | frames are | reserved | surfaces | steps decoded | first failure | same session, frame 0 after | new session |'));
  for (const { major, rows } of series) {
    for (const r of rows) {
      const ok = r.steps.filter((/** @type {any} */ s) => s.ok);
      const bad = r.steps.find((/** @type {any} */ s) => !s.ok);
      const failure = bad ? `frame ${bad.index}, ${ok.at(-1)?.framesHeld ?? 0} frames held: ${bad.code}` : 'none';
      const same = r.sameSessionAfter === undefined ? '—' : r.sameSessionAfter.ok ? 'decoded' : `${r.sameSessionAfter.code}`;
      ev.push(`| ${major} | ${r.file} | ${r.nvdecOutput} | ${r.steps[0]?.extraReserved ?? '–'} | ${r.steps[0]?.poolSize ?? '–'} | ${ok.length} of ${r.steps.length} | ${failure} | ${same} | ${r.freshSession?.ok ? 'decoded' : r.freshSession?.code} |`);
    }
  }
  ev.push('');
  const failures = series.flatMap(({ major, rows }) => rows.filter((/** @type {any} */ r) => r.steps.some((/** @type {any} */ s) => !s.ok)).map((/** @type {any} */ r) => ({ major, r, bad: r.steps.find((/** @type {any} */ s) => !s.ok) })));
  if (failures.length) {
    const { major, r, bad } = failures[0];
    ev.push(`What a user is told when it happens (libavcodec ${major}, ${r.file}, frame ${bad.index}):`, '');
    ev.push(`> ${bad.message}`, '>', `> Remedy: ${bad.remedy}`, '');
  }
}
