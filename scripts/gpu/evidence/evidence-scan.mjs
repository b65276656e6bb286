// @ts-check
// The witness over a corpus (the run's scan/ folder, scripts/gpu/scan-bench.sh): how many files the decoder's witness
// flagged and why, in the scan's own words, and the writer's check that the flagged files are exactly the odd-height
// VP9, MPEG-2 and MPEG-1 files NVDEC decoded, with the other odd-height files and why they are not flagged.
import fs from 'node:fs';
import path from 'node:path';
import { table } from './stats.mjs';
import { newestHolding, otherRun } from './run.mjs';
import { templates, then } from './template.mjs';

const t = templates('evidence-scan');

/** The codecs whose odd picture heights NVDEC writes a row apart from FFmpeg's pointer (FFmpeg's names). */
const ODD_HEIGHT_CODECS = ['vp9', 'mpeg2video', 'mpeg1video'];

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} ev */
export function writeScanEvidence(run, ev) {
  const dir = newestHolding(run.runDir, ['scan/scan.jsonl', 'scan/scan.txt']);
  if (dir === null) return;
  const scanDir = path.join(dir, 'scan');
  /** @type {any[]} */
  const results = fs
    .readFileSync(path.join(scanDir, 'scan.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const source = dir === run.runDir ? null : otherRun(run.root, dir);
  const fromRun = then(source ? t.text('from-run', { ...source, ownCommit: run.commit }) : null);

  const odd = (/** @type {any} */ r) => r.stream !== null && r.stream.height % 2 === 1;
  const nvdec = (/** @type {any} */ r) => r.stream?.decodePath === 'nvdec';
  const flagged = (/** @type {any} */ r) => r.findings.some((/** @type {any} */ f) => f.check === 'decoder');
  const ruled = (/** @type {any} */ r) => odd(r) && nvdec(r) && ODD_HEIGHT_CODECS.includes(r.stream.codec);

  const byFolder = new Map();
  for (const r of results) byFolder.set(`${path.dirname(r.key.path)}/`, (byFolder.get(`${path.dirname(r.key.path)}/`) ?? 0) + 1);
  // The summary's lines without the last, which names where the results were written.
  const summary = fs.readFileSync(path.join(scanDir, 'scan.txt'), 'utf8').trimEnd().split('\n');
  const causes = summary.filter((line) => !/^scanned /.test(line)).join('\n');
  ev.push(
    ...t.lines('head', {
      folders: [...byFolder].map(([folder, n]) => `\`${folder}\` ${n}`).join(', '),
      fromRun,
      dirFromDocs: path.relative(path.join(run.root, 'docs'), scanDir),
      files: results.length,
      frames: results.reduce((n, r) => n + (r.frames ?? 0), 0).toLocaleString('en-US'),
      flagged: results.filter(flagged).length,
      otherFindings: results.filter((r) => r.findings.length > 0 && !flagged(r)).length,
      clean: results.filter((r) => r.status === 'clean').length,
      notScanned: results.filter((r) => r.status !== 'clean' && r.status !== 'findings').length,
      summary: causes,
    }),
    '',
  );

  // Files by codec, picture height (even or odd) and decode path, and how many of each the witness flagged.
  const kinds = new Map();
  for (const r of results.filter((x) => x.stream !== null)) {
    const key = `${r.stream.codec} | ${odd(r) ? 'odd' : 'even'} | ${r.stream.decodePath}`;
    const k = kinds.get(key) ?? { files: 0, flagged: 0 };
    kinds.set(key, { files: k.files + 1, flagged: k.flagged + (flagged(r) ? 1 : 0) });
  }
  const rows = [...kinds]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, k]) => `| ${key} | ${k.files} | ${k.flagged ? `**${k.flagged}**` : 0} |`);
  ev.push(...t.lines('kinds', { table: table('| codec | picture height | decode path | files | flagged by the witness |', rows) }), '');

  // The rule, both ways: every flagged file is an odd-height VP9 or MPEG-2 file NVDEC decoded, and every such file
  // is flagged.
  const breaks = results.filter((r) => flagged(r) !== ruled(r));
  const verdict = breaks.length
    ? t.text('rule-breaks', {
        list: breaks
          .map((r) =>
            t.text('rule-break', {
              file: r.key.path,
              codec: r.stream?.codec ?? '–',
              width: r.stream?.width ?? '–',
              height: r.stream?.height ?? '–',
              decodePath: r.stream?.decodePath ?? '–',
              why: flagged(r) ? t.text('break-flagged') : t.text('break-missed', { codec: r.stream.codec }),
            }),
          )
          .join('\n'),
      })
    : t.text('rule-holds', { files: results.length, flagged: results.filter(flagged).length, expected: results.filter(ruled).length });
  ev.push(...t.lines('rule', { verdict }), '');

  // The odd-height files outside the rule, and why the witness leaves them.
  const others = results.filter((r) => odd(r) && !ruled(r) && !flagged(r));
  if (others.length)
    ev.push(
      ...t.lines('others', {
        list: others
          .map((r) =>
            t.text('other', {
              file: r.key.path,
              codec: r.stream.codec,
              width: r.stream.width,
              height: r.stream.height,
              decodePath: r.stream.decodePath,
              why: nvdec(r) ? t.text('other-nvdec') : t.text('other-not-nvdec', { reason: r.stream.decodePathReason }),
            }),
          )
          .join('\n'),
      }),
      '',
    );
  else ev.push(...t.lines('no-others'), '');
}
