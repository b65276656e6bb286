// @ts-check
// Held frames against NVDEC's surfaces (test/gpu/surface-exhaustion.test.mjs, surface-exhaustion-ffmpegNN.json):
// with the surfaces the decoder reserves for held frames, and with that reservation taken away
// (ZCI_PLANT_POOL=unreserved), where the frames are the mapped surfaces (FFmpeg 5.1, or 7.1 with unsafe output) and
// where they are FFmpeg's copies (7.1 by default). Read from the run's folder, or else from a follow-up run kept in
// the latest follow-up run kept in a folder of it (focus-N-COMMIT, run.mjs followUps) that has them.
import fs from 'node:fs';
import path from 'node:path';
import { table } from './stats.mjs';
import { followUps } from './run.mjs';
import { templates } from './template.mjs';

const t = templates('evidence-surface-exhaustion');

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
  const where = found.commit
    ? t.text('in-a-follow-up', { commit: found.commit, folder: path.relative(path.dirname(run.runDir), found.dir) })
    : t.text('in-this-run');
  const clips = [];
  for (const { major, rows } of series) {
    for (const r of rows) {
      const ok = r.steps.filter((/** @type {any} */ s) => s.ok);
      const bad = r.steps.find((/** @type {any} */ s) => !s.ok);
      const failure = bad ? `frame ${bad.index}, ${ok.at(-1)?.framesHeld ?? 0} frames held: ${bad.code}` : 'none';
      const same = r.sameSessionAfter === undefined ? '—' : r.sameSessionAfter.ok ? 'decoded' : `${r.sameSessionAfter.code}`;
      clips.push(`| ${major} | ${r.file} | ${r.nvdecOutput} | ${r.steps[0]?.extraReserved ?? '–'} | ${r.steps[0]?.poolSize ?? '–'} | ${ok.length} of ${r.steps.length} | ${failure} | ${same} | ${r.freshSession?.ok ? 'decoded' : r.freshSession?.code} |`);
    }
  }
  const head = '| libavcodec | clip | frames are | reserved | surfaces | steps decoded | first failure | same session, frame 0 after | new session |';
  ev.push(...t.lines('held-frames', { where, table: table(head, clips) }), '');
  const failures = series.flatMap(({ major, rows }) => rows.filter((/** @type {any} */ r) => r.steps.some((/** @type {any} */ s) => !s.ok)).map((/** @type {any} */ r) => ({ major, r, bad: r.steps.find((/** @type {any} */ s) => !s.ok) })));
  if (failures.length) {
    const { major, r, bad } = failures[0];
    const told = { major, file: r.file, frame: bad.index, message: bad.message, remedy: bad.remedy };
    ev.push(...t.lines('what-a-user-is-told', told), '');
  }
}
