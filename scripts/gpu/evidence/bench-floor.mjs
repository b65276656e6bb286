// @ts-check
// The floor under a process's first open (the last section of scripts/gpu/scan-bench.sh, in the run's scan/ folder):
// the CUDA driver alone from a C process's start to the primary context made current, Node's own start, and FFmpeg's
// command line to its first frame beside the inspector's (in a run of the launcher, with the prestart library and
// without it and the early open, ZCI_PRESTART=0 ZCI_EARLY_OPEN=0: floor-phases-N.txt and floor-phases-noprestart-N.txt); then the whole-file inspect
// against FFmpeg's command line with the proof off and on (scan/inspect-proof-split.jsonl), where the run has it. Only
// where the run, or a recorded run, has context-floor lines.
import fs from 'node:fs';
import path from 'node:path';
import { fmt, median, table } from './stats.mjs';
import { jsonLines, newestHolding, otherRun, sessionOf } from './run.mjs';
import { templates } from './template.mjs';

const t = templates('bench-floor');

/** A median with its range, in milliseconds. @param {number[]} xs */
const spread = (xs) => `**${fmt(median(xs))}** (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;

/** A median of ratios with their range, two decimals. @param {number[]} xs */
const ratio = (xs) => `**${fmt(median(xs), 2)}** (${fmt(Math.min(...xs), 2)}–${fmt(Math.max(...xs), 2)})`;

/** The first open's target: milliseconds from the process's start to the file opened, CUDA context included. */
const TARGET_MS = 300;

/**
 * The ZCI_PHASES lines of the files named PREFIX-N.txt in DIR, by round N.
 * @param {string} dir @param {string} prefix @returns {{ round: number, phases: any }[]}
 */
const phasesByRound = (dir, prefix) =>
  fs
    .readdirSync(dir)
    .map((f) => ({ f, m: new RegExp(`^${prefix}-(\\d+)\\.txt$`).exec(f) }))
    .filter(({ m }) => m !== null)
    .map(({ f, m }) => {
      const line = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .find((l) => l.startsWith('{"phases"'));
      return { round: Number(m?.[1]), phases: line ? JSON.parse(line).phases : null };
    })
    .filter((r) => r.phases !== null)
    .sort((a, b) => a.round - b.round);

/** The numbers of XS that are numbers. @param {unknown[]} xs @returns {number[]} */
const numbers = (xs) => /** @type {number[]} */ (xs.filter((x) => typeof x === 'number'));

/** Whether the run's scan-bench.jsonl has the floor's lines. @param {string} dir */
const holdsFloor = (dir) => {
  const file = path.join(dir, 'scan', 'scan-bench.jsonl');
  return fs.existsSync(file) && jsonLines(file).some((l) => l.bench === 'context-floor');
};

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeFloorBenchmarks(run, bm) {
  let dir = newestHolding(run.runDir, ['scan/scan-bench.jsonl']);
  if (dir !== null && !holdsFloor(dir)) dir = holdsFloor(run.runDir) ? run.runDir : null;
  if (dir === null) return;
  const scanDir = path.join(dir, 'scan');
  const lines = jsonLines(path.join(scanDir, 'scan-bench.jsonl'));
  const source = dir === run.runDir ? null : otherRun(run.root, dir);
  const session = sessionOf(scanDir);
  const where = source
    ? t.text('where-elsewhere', { ...source })
    : session
      ? t.text('where-session', { ...session, runCommit: run.commit })
      : t.text('where-here', { machine: run.machine });
  const floors = lines.filter((l) => l.bench === 'context-floor' && l.result === 0);
  const nodes = lines.filter((l) => l.bench === 'node-start');
  const firsts = lines.filter((l) => l.bench === 'first-frame-vs-ffmpeg');
  const marks = phasesByRound(scanDir, 'floor-phases');
  const byRound = (/** @type {any[]} */ rows, /** @type {number} */ round) => rows.find((r) => r.round === round);
  const rounds = [...new Set(floors.map((r) => r.round))].sort((a, b) => a - b);
  const without = phasesByRound(scanDir, 'floor-phases-noprestart');
  if (without.length > 0) {
    writePrestartFloor({ where, floors, nodes, firsts, marks, without, rounds, byRound }, bm);
    writeProofSplit(scanDir, bm);
    return;
  }
  const rows = rounds.map((round) => {
    const f = byRound(floors, round);
    const n = byRound(nodes, round);
    const v = byRound(firsts, round);
    const p = byRound(marks, round)?.phases;
    return (
      `| ${round} | ${fmt(f?.initMs)} | **${fmt(f?.contextMadeMs)}** | ${fmt(n?.bootstrapMs)} | ` +
      `${fmt(p?.marks?.['context-made'])} | ${fmt(p?.marks?.opened)} | ${fmt(v?.ffmpegSeconds, 3)} | ${fmt(v?.inspectSeconds, 3)} |`
    );
  });
  const context = floors.map((r) => r.contextMadeMs);
  const boot = nodes.map((r) => r.bootstrapMs);
  const opened = marks.map((r) => r.phases.marks.opened).filter((x) => typeof x === 'number');
  const floorMs = Math.min(...context) + Math.min(...boot);
  const ratios = firsts.map((r) => r.ffmpegSeconds / r.inspectSeconds);
  bm.push(
    ...t.lines('floor', {
      where,
      table: table(
        '| round | driver initialised ms | context made ms | Node bootstrap ms | inspect: context made ms | inspect: opened ms | ffmpeg, 1 frame s | inspect, 1 frame s |',
        rows,
      ),
      contextMs: spread(context),
      bootMs: spread(boot),
      sumMs: fmt(floorMs),
      verdict: t.text(floorMs > 300 ? 'below-floor' : 'above-floor'),
      openedMs: opened.length ? spread(opened) : '–',
      firstRatio: ratios.length ? ratio(ratios) : '–',
    }),
    '',
  );
  writeProofSplit(scanDir, bm);
}

/**
 * The floor of a run of the launcher: the first open with the prestart library and without it, side by side, and
 * whether the first open came within TARGET_MS, from the rounds' marks.
 * @param {{ where: string, floors: any[], nodes: any[], firsts: any[], marks: { round: number, phases: any }[],
 *   without: { round: number, phases: any }[], rounds: number[], byRound: (rows: any[], round: number) => any }} m
 * @param {string[]} bm
 */
function writePrestartFloor({ where, floors, nodes, firsts, marks, without, rounds, byRound }, bm) {
  const rows = rounds.map((round) => {
    const f = byRound(floors, round);
    const n = byRound(nodes, round);
    const v = byRound(firsts, round);
    const p = byRound(marks, round)?.phases?.marks;
    const q = byRound(without, round)?.phases?.marks;
    return (
      `| ${round} | ${fmt(f?.contextMadeMs)} | ${fmt(n?.bootstrapMs)} | ${fmt(p?.['prestart-driver'])} | ` +
      `${fmt(p?.['prestart-context'])} | **${fmt(p?.opened)}** | ${fmt(q?.['context-made'])} | ${fmt(q?.opened)} | ` +
      `${fmt(v?.ffmpegSeconds, 3)} | ${fmt(v?.inspectSeconds, 3)} | ${fmt(v?.inspectNoPrestartSeconds, 3)} |`
    );
  });
  const opened = numbers(marks.map((r) => r.phases.marks?.opened));
  const openedWithout = numbers(without.map((r) => r.phases.marks?.opened));
  const gains = numbers(
    marks.map((r) => {
      const other = byRound(without, r.round)?.phases?.marks?.opened;
      return typeof other === 'number' && typeof r.phases.marks?.opened === 'number' ? other - r.phases.marks.opened : null;
    }),
  );
  const ratios = (/** @type {string} */ key) =>
    numbers(firsts.map((r) => (typeof r[key] === 'number' && r[key] > 0 ? r.ffmpegSeconds / r[key] : null)));
  const loaded = marks.filter((r) => r.phases.prestart !== undefined).length;
  const met = opened.filter((x) => x <= TARGET_MS).length;
  const medianOpened = opened.length ? median(opened) : null;
  const verdict =
    loaded < marks.length
      ? t.text('prestart-absent', { loaded, rounds: marks.length })
      : t.text(medianOpened !== null && medianOpened <= TARGET_MS ? 'prestart-met' : 'prestart-missed', {
          target: TARGET_MS,
          met,
          rounds: opened.length,
          openedMs: fmt(medianOpened),
        });
  bm.push(
    ...t.lines('floor-prestart', {
      where,
      table: table(
        '| round | driver alone: context made ms | Node bootstrap ms | prestart: driver initialised ms | prestart: context made ms | inspect: opened ms | neither: context made ms | neither: opened ms | ffmpeg, 1 frame s | inspect, 1 frame s | neither, 1 frame s |',
        rows,
      ),
      contextMs: spread(floors.map((r) => r.contextMadeMs)),
      bootMs: spread(nodes.map((r) => r.bootstrapMs)),
      driverMs: listed(numbers(marks.map((r) => r.phases.marks?.['prestart-driver']))),
      prestartContextMs: listed(numbers(marks.map((r) => r.phases.marks?.['prestart-context']))),
      openedMs: listed(opened),
      openedWithoutMs: listed(openedWithout),
      gainMs: listed(gains),
      firstRatio: listedRatio(ratios('inspectSeconds')),
      firstRatioWithout: listedRatio(ratios('inspectNoPrestartSeconds')),
      verdict,
    }),
    '',
  );
}

/** A spread, or – where there is nothing. @param {number[]} xs */
const listed = (xs) => (xs.length ? spread(xs) : '–');

/** A ratio's spread, or – where there is nothing. @param {number[]} xs */
const listedRatio = (xs) => (xs.length ? ratio(xs) : '–');

/** The whole-file inspect with the proof off and on, where the run has it. @param {string} scanDir @param {string[]} bm */
function writeProofSplit(scanDir, bm) {
  const splitFile = path.join(scanDir, 'inspect-proof-split.jsonl');
  if (!fs.existsSync(splitFile)) return;
  const split = jsonLines(splitFile);
  const splitRows = split.map(
    (r) =>
      `| ${r.round} | ${fmt(r.ffmpegSeconds, 3)} | ${fmt(r.noProofSeconds, 3)} | **${fmt(r.ffmpegSeconds / r.noProofSeconds, 2)}** | ` +
      `${fmt(r.proofSeconds, 3)} | **${fmt(r.ffmpegSeconds / r.proofSeconds, 2)}** | ${fmt(r.noProofPhases?.phases?.marks?.['first-frame'])} | ${fmt(r.noProofPhases?.phases?.marks?.written)} |`,
  );
  const noProof = split.map((r) => r.ffmpegSeconds / r.noProofSeconds);
  const proof = split.map((r) => r.ffmpegSeconds / r.proofSeconds);
  bm.push(
    ...t.lines('proof-split', {
      rounds: split.length,
      table: table(
        '| round | ffmpeg s | inspect --no-proof s | ffmpeg / no-proof | inspect s | ffmpeg / inspect | no-proof: first frame ms | no-proof: written ms |',
        splitRows,
      ),
      noProof: ratio(noProof),
      proof: ratio(proof),
      noProofMet: noProof.filter((x) => x >= 1).length,
      proofMet: proof.filter((x) => x >= 1).length,
    }),
    '',
  );
}
