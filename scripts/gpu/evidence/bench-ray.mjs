// @ts-check
// The Ray scan beside the plain scan (scripts/gpu/ray-scan-bench.sh, the run's ray/ folder): round by round the two
// scans' seconds, their ratio against the target of within 10 %, and whether the merged results are the plain ones.
// Only where the run, or a recorded run, has ray/ray-bench.jsonl; beside it the same over a longer corpus (ray-large/).
import fs from 'node:fs';
import path from 'node:path';
import { fmt, median, met, table } from './stats.mjs';
import { jsonLines, newestHolding, otherRun, sessionOf } from './run.mjs';
import { templates } from './template.mjs';

const t = templates('bench-ray');

/** The most Ray's seconds may be, as a multiple of the plain scan's: within 10 %. */
const RAY_RATIO_TARGET = 1.1;

/** A set's members in order, joined. @param {any[]} xs */
const distinct = (xs) => [...new Set(xs)].join(', ');

/**
 * What a comparison of two results files found where they were not the same: its error, or how many lines differ and
 * the first difference. @param {any} l the comparison's record @param {number} a @param {number} b the two files' lines
 */
function differenceWords(l, a, b) {
  return l.error !== undefined
    ? t.text('compare-error', { round: l.round, error: l.error })
    : t.text('first-difference', {
        round: l.round,
        differing: l.differing,
        lines: Math.max(a, b),
        first: String(l.first).replace(/`/g, "'"),
      });
}

/**
 * The section's lines from the bench's records, said to be measured `where`.
 * @param {any[]} lines the JSON lines of ray-bench.jsonl @param {string} where @returns {string[]}
 */
function rayBenchLines(lines, where) {
  const setup = lines.find((l) => l.bench === 'ray-setup') ?? {};
  const scans = lines.filter((l) => l.bench === 'ray-scan');
  const rounds = [...new Set(scans.map((l) => l.round))].sort((a, b) => a - b);
  const pairs = rounds.map((round) => ({
    round,
    plain: scans.find((l) => l.round === round && l.kind === 'plain'),
    ray: scans.find((l) => l.round === round && l.kind === 'ray'),
  }));
  const timed = pairs.filter((p) => p.plain && p.ray);
  const ratios = timed.map((p) => p.ray.seconds / p.plain.seconds);
  const rows = pairs.map(
    ({ round, plain, ray }) =>
      `| ${round} | ${fmt(plain?.seconds, 3)} | ${fmt(ray?.seconds, 3)} | **${plain && ray ? fmt(ray.seconds / plain.seconds, 2) : '–'}** | ${plain?.files ?? '–'} / ${ray?.files ?? '–'} | ${plain?.frames ?? '–'} / ${ray?.frames ?? '–'} | ${plain?.exit ?? '–'} / ${ray?.exit ?? '–'} |`,
  );
  const options = [
    `--decoders ${setup.decoders ?? '–'}`,
    '--no-captures',
    ...(setup.decode ? [`--decode ${setup.decode}`] : []),
    ...(setup.proofEvery !== null && setup.proofEvery !== undefined ? [`--proof-every ${setup.proofEvery}`] : []),
  ].join(' ');
  const sameWork = new Set(scans.map((l) => `${l.files}/${l.frames}`)).size === 1;
  const ratio = ratios.length ? median(ratios) : null;
  const out = [
    ...t.lines('head', {
      where,
      ray: setup.ray ?? '–',
      python: setup.python ?? '–',
      gpus: setup.gpus ?? '–',
      files: setup.files ?? '–',
      bytes: typeof setup.bytes === 'number' ? setup.bytes.toLocaleString('en-US') : '–',
      rounds: rounds.length,
      options,
      table: table('| round | plain s | Ray s | Ray / plain | files (plain / Ray) | frames (plain / Ray) | exit (plain / Ray) |', rows),
      ratio: fmt(ratio, 2),
      ratioRange: ratios.length ? `${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}` : '–',
      roundsMet: ratios.filter((x) => x <= RAY_RATIO_TARGET).length,
      // A Ray scan that scanned other work (fewer files, a failure) is no measure of the same scan.
      met: met(ratio !== null && ratio <= RAY_RATIO_TARGET && timed.length === rounds.length && sameWork),
      work: sameWork
        ? t.text('same-work', { files: scans[0]?.files ?? '–', frames: scans[0]?.frames ?? '–' })
        : t.text('other-work', { files: distinct(scans.map((l) => l.files)), frames: distinct(scans.map((l) => l.frames)) }),
    }),
    '',
  ];

  // The merged results against the plain ones: every round must have been compared and found identical.
  const compared = lines.filter((l) => l.bench === 'ray-identical');
  const identical = compared.filter((l) => l.error === undefined && l.differing === 0);
  const summariesDiffer = compared.filter((l) => l.summaryIdentical !== true).length;
  out.push(
    ...t.lines('identical', {
      same: identical.length,
      rounds: rounds.length,
      met: met(rounds.length > 0 && identical.length === rounds.length && compared.length === rounds.length),
      summaries: summariesDiffer
        ? t.text('summaries-differ', { differ: summariesDiffer, rounds: compared.length })
        : t.text('summaries-same'),
    }),
  );
  for (const l of compared.filter((c) => !identical.includes(c))) out.push('', differenceWords(l, l.plainLines, l.rayLines));
  out.push(...phaseLines(lines));
  const repeats = lines.filter((l) => l.bench === 'plain-repeat');
  if (repeats.length) {
    const same = repeats.filter((l) => l.error === undefined && l.differing === 0).length;
    out.push('', ...t.lines('repeat', { same, rounds: repeats.length }));
    for (const l of repeats.filter((r) => !(r.error === undefined && r.differing === 0)))
      out.push('', differenceWords(l, l.warmLines, l.plainLines));
  }
  out.push('');
  return out;
}

/**
 * The Ray rounds' phase marks (ray-phases lines, written since the driver took ZCI_PHASES), as a table and the
 * medians of what comes before and after the inspector's own scan; nothing for a run without them.
 * @param {any[]} lines @returns {string[]}
 */
function phaseLines(lines) {
  const rounds = lines.filter((l) => l.bench === 'ray-phases' && l.phases?.driver && l.phases.actors?.length);
  if (!rounds.length) return [];
  const rows = rounds.map(({ round, phases: { driver: d, actors } }) => {
    const started = Math.min(...actors.map((/** @type {any} */ a) => a['subprocess-started']));
    const ended = Math.max(...actors.map((/** @type {any} */ a) => a['subprocess-ended']));
    const constructed = Math.min(...actors.map((/** @type {any} */ a) => a['actor-constructed']));
    return { round, d, started, ended, constructed };
  });
  const cells = rows.map(
    ({ round, d, started, ended, constructed }) =>
      `| ${round} | ${fmt(d.planned)} | ${fmt(d['ray-imported'])} | ${fmt(d.connected)} | ${fmt(constructed)} | **${fmt(started)}** | ${fmt(ended)} | ${fmt(d.written)} |`,
  );
  return [
    '',
    ...t.lines('phases', {
      table: table(
        '| round | files keyed | Ray imported | joined | actor made | scan started | scan ended | written |',
        cells,
      ),
      before: fmt(median(rows.map((r) => r.started))),
      after: fmt(median(rows.map((r) => r.d.written - r.ended))),
    }),
  ];
}

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeRayBenchmarks(run, bm) {
  const dir = newestHolding(run.runDir, ['ray/ray-bench.jsonl']);
  if (dir === null) return;
  const lines = jsonLines(path.join(dir, 'ray', 'ray-bench.jsonl'));
  const source = path.resolve(dir) === path.resolve(run.runDir) ? null : otherRun(run.root, dir);
  const session = sessionOf(path.join(dir, 'ray'));
  const where = source
    ? t.text('where-elsewhere', { ...source, ownCommit: run.commit })
    : session
      ? t.text('where-session', { ...session, runCommit: run.commit })
      : t.text('where-here', { machine: run.machine, commit: run.commit });
  bm.push(...t.lines('title'), '', ...rayBenchLines(lines, where));
  // The same bench over a longer corpus, where the run has one (ray-large/).
  const large = path.join(dir, 'ray-large', 'ray-bench.jsonl');
  if (fs.existsSync(large)) bm.push(...t.lines('title-large'), '', ...rayBenchLines(jsonLines(large), where));
}
