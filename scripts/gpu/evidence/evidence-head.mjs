// @ts-check
// The head of gpu-evidence.md: the run, the machine, the versions; every test and what the tests measured.
import fs from 'node:fs';
import path from 'node:path';
import { table } from './stats.mjs';
import { followUps } from './run.mjs';
import { templates } from './template.mjs';

const t = templates('evidence-head');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeEvidenceHead(run, ev) {
  const { rel, tap, reports, machine, commit, env } = run;
  // --- tests ---------------------------------------------------------------------------------------------------
  const tests = [...tap.matchAll(/^(ok|not ok) \d+ - (.*?)(?: # (SKIP|TODO).*)?$/gm)].map((m) => ({
    status: m[3] === 'SKIP' ? 'skipped' : m[1] === 'ok' ? 'passed' : 'FAILED',
    name: m[2],
  }));

  // --- evidence ------------------------------------------------------------------------------------------------
  const { cuda, ffmpeg, nvcv, cvcuda } = env;
  ev.push(
    ...t.lines('head', {
      rel,
      relFromDocs: path.relative('docs', rel),
      date: reports.date,
      commit,
      machine,
      runtime: cuda.runtimeVersion,
      driver: cuda.driverVersion,
      devices: cuda.devices.map((d) => `${d.ordinal}: ${d.name} (sm ${d.computeCapability})`).join(', '),
      libavcodec: ffmpeg.libavcodec,
      libavformat: ffmpeg.libavformat,
      libavutil: ffmpeg.libavutil,
      nvcv: nvcv.version,
      nvcvLibrary: path.basename(nvcv.path ?? ''),
      cvcuda: cvcuda.loaded ? cvcuda.version : t.text('cvcuda-not-loaded', { error: cvcuda.error }),
    }),
    '',
  );

  const tapTotal = (k) => Number((new RegExp(`^# ${k} (\\d+)$`, 'm').exec(tap) ?? [])[1] ?? 0);
  const results = table('| result | test |', tests.map((x) => `| ${x.status} | ${x.name.replace(/\|/g, '\\|')} |`));
  const totals = { passed: tapTotal('pass'), failed: tapTotal('fail'), skipped: tapTotal('skipped') };
  ev.push(...t.lines('tests', { ...totals, table: results }), '');

  // Follow-up runs in the run's folder: the same machine, right after, at later commits.
  const later = followUps(run.runDir);
  if (later.length > 0) {
    const rows = later.map((f) => {
      // Every pass the follow-up kept (tests.tap: 5.1's; tests-ffmpegV*.tap and other TAPs: as named).
      const taps = fs.readdirSync(f.dir).filter((name) => name.endsWith('.tap')).sort();
      const passes = [];
      const failed = [];
      for (const name of taps) {
        const text = fs.readFileSync(path.join(f.dir, name), 'utf8');
        const n = (/** @type {string} */ k) => Number((new RegExp(`^# ${k} (\\d+)$`, 'm').exec(text) ?? [])[1] ?? 0);
        passes.push(`${name}: ${n('pass')} passed, ${n('fail')} failed, ${n('skipped')} skipped`);
        failed.push(...[...text.matchAll(/^not ok \d+ - (.*)$/gm)].map((m) => `${m[1]} (${name})`));
      }
      const failures = failed.map((x) => x.replace(/\|/g, '\\|')).join('; ') || 'none';
      return `| [\`${f.name}\`](${path.relative('docs', path.join(rel, f.name))}/) | \`${f.commit}\` | ${passes.join('<br>') || '–'} | ${failures} |`;
    });
    ev.push(...t.lines('follow-ups', { table: table('| folder | commit | passes | failed tests |', rows) }), '');
  }

  // What the tests printed beside their verdicts (node:test diagnostics): the figures behind the budget, cancel and
  // damage tests as they ran on this machine.
  const notes = [];
  let lastTest = null;
  for (const line of tap.split('\n')) {
    const m = /^(?:ok|not ok) \d+ - (.*?)(?: # (?:SKIP|TODO).*)?$/.exec(line);
    if (m) lastTest = m[1];
    const d = /^# (?!Subtest:|tests |suites |pass |fail |cancelled |skipped |todo |duration_ms )(.*)$/.exec(line);
    if (d && lastTest !== null) notes.push([lastTest, d[1]]);
  }
  if (notes.length > 0) {
    const rows = notes.map(([name, note]) => `| ${name.replace(/\|/g, '\\|')} | ${note.replace(/\|/g, '\\|')} |`);
    ev.push(...t.lines('measured', { table: table('| test | figure |', rows) }), '');
  }
}
