// @ts-check
// benchmarks.md's head, the wrap against a copy, the decode loop against the CLI and the inspection loop.
import fs from 'node:fs';
import path from 'node:path';
import { median, table, fmt, met } from './stats.mjs';
import { templates, then } from './template.mjs';

const t = templates('bench-decode');

/**
 * "; the witness X µs a frame, Y % of the inspection loop's frame time (target ≤ 1 %: met)", from the inspect
 * variant's rows and its median fps; "" when the rows predate the witness timing.
 * @param {Array<Record<string, any>>} rows @param {number} fps
 */
function witnessShare(rows, fps) {
  const us = rows.map((r) => r.witnessUs).filter((x) => x !== undefined);
  if (!us.length || !fps) return '';
  const share = (median(us) / (1e6 / fps)) * 100;
  return t.text('witness-share', { us: fmt(median(us), 2), share: fmt(share, 3), met: met(share <= 1) });
}

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeDecodeBenchmarks(run, bm) {
  const { rel, reports, bench, machine, commit, benchSource } = run;
  // --- benchmarks ----------------------------------------------------------------------------------------------
  const elsewhere = benchSource && {
    machine: benchSource.machine,
    date: benchSource.date,
    commit: benchSource.commit,
    run: benchSource.rel,
    runFromDocs: path.relative('docs', benchSource.rel),
    ownCommit: commit,
    ownDate: reports.date,
    rel,
  };
  const ownScan = fs.existsSync(path.join(run.runDir, 'scan', 'scan-bench.jsonl'));
  // Named in benchmarks-from.txt (the same machine), or the newest recorded run that has them (perhaps another).
  const measured = elsewhere
    ? benchSource.named
      ? t.text('measured-elsewhere', elsewhere)
      : t.text('measured-newest', { ...elsewhere, ownMachine: machine, ownScan: then(ownScan ? t.text('own-scan') : null) })
    : bench.length
      ? t.text('measured-here', { machine, date: reports.date, commit })
      : t.text('measured-none', { date: reports.date, commit, machine });
  bm.push(...t.lines('head', { measured, rel }), '');

  const wraps = bench.filter((b) => b.bench === 'wrap');
  const wrapRows = wraps.map(
    (w) => `| ${path.basename(w.file)} | ${w.width}x${w.height} | ${w.iterations} | ${fmt(w.wrapP50Us, 2)} | ${fmt(w.wrapP99Us, 2)} | ${fmt(w.fullWrapP50Us, 2)} | ${fmt(w.copyP50Us, 2)} | ${fmt(w.copyP99Us, 2)} | ${fmt(w.wrapP50Us / w.copyP50Us, 3)} |`,
  );
  bm.push(...t.lines('wrap', { table: table('| clip | size | iterations | wrap p50 µs | wrap p99 µs | full wrap p50 µs | copy p50 µs | copy p99 µs | wrap / copy (p50) |', wrapRows) }));
  const small = wraps.find((w) => w.height === 360);
  const big = wraps.find((w) => w.height === 2160);
  const hd = wraps.find((w) => w.height === 1080);
  if (small && big && hd) {
    const growth = big.wrapP50Us / small.wrapP50Us;
    const targets = { growth: fmt(growth, 2), growthMet: met(growth <= 1.2) };
    bm.push('', ...t.lines('wrap-targets', { ...targets, ratio: fmt(hd.wrapP50Us / hd.copyP50Us, 3), ratioMet: met(hd.wrapP50Us < hd.copyP50Us) }));
  }
  bm.push('');

  const clips = [...new Set(bench.filter((b) => b.bench === 'decode').map((b) => b.file))];
  const decodeRows = [];
  const openTimes = [];
  const verdicts = [];
  for (const clip of clips) {
    const cli = median(bench.filter((b) => b.bench === 'ffmpeg-cli' && b.file === clip).map((b) => b.fps));
    const byThreads = new Map();
    for (const b of bench.filter((x) => x.bench === 'decode' && x.file === clip)) {
      const k = b.nvdecThreads ?? 'default';
      byThreads.set(k, [...(byThreads.get(k) ?? []), b]);
    }
    for (const [threads, rows] of byThreads) {
      const ours = median(rows.map((r) => r.fps));
      decodeRows.push(`| ${path.basename(clip)} | ${rows[0].frames} | loop only, ${threads} | ${fmt(ours)} | ${fmt(cli)} | ${fmt(ours / cli, 2)} |`);
    }
    const opens = bench.filter((x) => x.bench === 'decode' && x.file === clip && x.openSeconds !== undefined);
    if (opens.length) {
      const part = (k) => (opens[0][k] === undefined ? '' : `, ${k.replace('Ms', '')} ${fmt(median(opens.map((o) => o[k])))}`);
      const breakdown = ['probeMs', 'indexMs', 'cudaMs', 'firstFrameMs'].map(part).join('').slice(2);
      openTimes.push(
        `${path.basename(clip)}: ${fmt(median(opens.map((o) => o.openSeconds)) * 1000)} ms${breakdown ? ` (${breakdown})` : ''}`,
      );
    }
    const whole = bench.filter((b) => b.bench === 'decode-process' && b.file === clip);
    const loops = bench.filter((b) => b.bench === 'decode' && b.file === clip);
    // The CLI's figure is a whole process (start, open, decode, teardown): only our whole process is held to the
    // target beside it; the loop alone is a figure (its like-with-like target is section 2a's, in one binary).
    verdicts.push(t.text('decode-loop-verdict', { clip: path.basename(clip), ratio: fmt(median(loops.map((r) => r.fps)) / cli, 2) }));
    if (whole.length) {
      const ours = median(whole.map((r) => r.fps));
      decodeRows.push(`| ${path.basename(clip)} | ${whole[0].frames} | **whole process**, default | ${fmt(ours)} | ${fmt(cli)} | **${fmt(ours / cli, 2)}** |`);
      const rest = median(whole.map((r) => r.seconds)) - median(loops.map((r) => r.seconds)) - median(opens.map((o) => o.openSeconds ?? 0));
      verdicts.push(t.text('decode-process-verdict', { clip: path.basename(clip), ratio: fmt(ours / cli, 2), met: met(ours / cli >= 0.95), restMs: fmt(rest * 1000) }));
    }
  }
  const decodeHead = '| clip | frames | ours, NVDEC threads | ours fps (median) | FFmpeg CLI fps (median) | ratio ours / CLI |';
  bm.push(...t.lines('decode', { table: table(decodeHead, decodeRows) }), '');
  bm.push(...verdicts);
  if (verdicts.length) bm.push('');
  if (openTimes.length) bm.push(...t.lines('open-times', { times: openTimes.join('; ') }), '');

  // The inspection loop against FFmpeg's plain decode loop in the same binary (zci_bench loop).
  const loopRows = bench.filter((b) => b.bench === 'loop' && b.ffmpeg === undefined);
  const seriesRows = bench.filter((b) => b.bench === 'loop' && b.ffmpeg !== undefined);
  if (loopRows.length) {
    const rows = [];
    const loopVerdicts = [];
    for (const clip of [...new Set(loopRows.map((b) => b.file))]) {
      const fpsOf = (v) => median(loopRows.filter((b) => b.file === clip && b.variant === v).map((b) => b.fps));
      const plain = fpsOf('plain');
      for (const v of ['plain', 'decoder', 'inspect', 'proof']) {
        const of = loopRows.filter((b) => b.file === clip && b.variant === v);
        if (!of.length) continue;
        const stage = (k) => (of[0][k] === undefined ? '–' : fmt(median(of.map((r) => r[k])), 1));
        rows.push(`| ${path.basename(clip)} | ${v} | ${of[0].frames} | ${fmt(fpsOf(v))} | ${fmt(fpsOf(v) / plain, 3)} | ${stage('decodeUs')} | ${stage('wrapUs')} | ${stage('exportUs')} | ${stage('evidenceUs')} | ${stage('witnessUs')} |`);
      }
      const ratio = fpsOf('inspect') / plain;
      const proofRatio = fpsOf('proof') / plain;
      const witness = witnessShare(loopRows.filter((b) => b.file === clip && b.variant === 'inspect'), fpsOf('inspect'));
      loopVerdicts.push(t.text('loop-verdict', { clip: path.basename(clip), ratio: fmt(ratio, 3), met: met(ratio >= 0.95), proofRatio: fmt(proofRatio, 3), proofMet: met(proofRatio >= 0.9), witness }));
    }
    const head = '| clip | variant | frames | fps (median) | × plain | decode µs | wrap µs | export µs | evidence µs | of which witness µs |';
    bm.push(...t.lines('loop', { table: table(head, rows) }), '', ...loopVerdicts, '');
  }

  // The same loop built against FFmpeg 5.1 and against 7.1 (which copies each NVDEC frame unless told not to).
  if (seriesRows.length) {
    const rows = [];
    const seriesVerdicts = [];
    for (const clip of [...new Set(seriesRows.map((b) => b.file))]) {
      const rowsOf = (series, v) => seriesRows.filter((b) => b.file === clip && b.ffmpeg === series && b.variant === v);
      const fpsOf = (series, v) => median(rowsOf(series, v).map((b) => b.fps));
      const base = fpsOf('5.1', 'plain');
      for (const series of [...new Set(seriesRows.map((b) => b.ffmpeg))]) {
        const plain = fpsOf(series, 'plain');
        for (const v of ['plain', 'decoder', 'inspect', 'proof']) {
          const of = rowsOf(series, v);
          if (!of.length) continue;
          const stage = (k) => (of[0][k] === undefined ? '–' : fmt(median(of.map((r) => r[k])), 1));
          rows.push(`| ${path.basename(clip)} | ${series} | ${v} | ${of.length} | ${fmt(fpsOf(series, v))} | ${fmt(fpsOf(series, v) / plain, 3)} | ${fmt(fpsOf(series, v) / base, 3)} | ${stage('evidenceUs')} | ${stage('witnessUs')} |`);
        }
        const ratio = fpsOf(series, 'inspect') / plain;
        const witness = witnessShare(rowsOf(series, 'inspect'), fpsOf(series, 'inspect'));
        seriesVerdicts.push(t.text('series-verdict', { clip: path.basename(clip), series, ratio: fmt(ratio, 3), met: met(ratio >= 0.95), witness }));
      }
    }
    const head = '| clip | FFmpeg | variant | rounds | fps (median) | × plain | × 5.1 plain | evidence µs | of which witness µs |';
    bm.push(...t.lines('series', { table: table(head, rows) }), '', ...seriesVerdicts, '');
  }
}
