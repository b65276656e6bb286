// @ts-check
// Scanning a corpus (scripts/gpu/scan-bench.sh, the run's scan/ folder): the corpus decoded by FFmpeg's API in N
// threads and in K processes against the inspector's scan; one file's whole inspect against FFmpeg's command line;
// the inspect process's marks to its first frame. Only where the run, or a recorded run, has scan/scan-bench.jsonl.
import fs from 'node:fs';
import path from 'node:path';
import { fmt, met, median, table } from './stats.mjs';
import { jsonLines, newestHolding, otherRun, sessionOf } from './run.mjs';
import { templates } from './template.mjs';

const t = templates('bench-scan');

/** The row of rows with the highest fps. @param {any[]} rows */
const best = (rows) => rows.reduce((a, r) => (a === null || r.fps > a.fps ? r : a), null);

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeScanBenchmarks(run, bm) {
  const dir = newestHolding(run.runDir, ['scan/scan-bench.jsonl']);
  if (dir === null) return;
  const scanDir = path.join(dir, 'scan');
  const lines = jsonLines(path.join(scanDir, 'scan-bench.jsonl'));
  const source = dir === run.runDir ? null : otherRun(run.root, dir);
  const session = sessionOf(scanDir);
  const where = source
    ? t.text('where-elsewhere', { ...source, ownCommit: run.commit })
    : session
      ? t.text('where-session', { ...session, runCommit: run.commit })
      : t.text('where-here', { machine: run.machine, commit: run.commit });

  // The corpus: the script's count and bytes; the folders as the scan's own results name each file.
  const corpus = lines.find((l) => l.bench === 'corpus');
  const resultsFile = path.join(scanDir, 'scan.jsonl');
  const results = fs.existsSync(resultsFile) ? jsonLines(resultsFile) : [];
  const byFolder = new Map();
  for (const r of results) {
      const folder = `${path.dirname(r.key.path)}/`;
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  const folders = [...byFolder].map(([folder, n]) => `\`${folder}\` ${n}`).join(', ') || 'the folders not recorded';

  const threads = lines.filter((l) => l.bench === 'threads');
  const procs = lines.filter((l) => l.bench === 'procs');
  const scans = lines.filter((l) => l.bench === 'scan');
  const bestThreads = best(threads);
  const bestProcs = best(procs);
  const bestScan = best(scans);
  const bold = (/** @type {any} */ r, /** @type {any} */ top) => (r === top ? `**${fmt(r.fps)}**` : fmt(r.fps));
  const rows = [
    ...threads.map((r) => `| FFmpeg's API, threads in one process | ${r.threads} | ${r.round ?? '–'} | ${r.frames} | ${fmt(r.seconds, 3)} | ${bold(r, bestThreads)} |`),
    ...procs.map((r) => `| FFmpeg's API, processes | ${r.processes} | – | ${r.frames} | ${fmt(r.seconds, 3)} | ${bold(r, bestProcs)} |`),
    ...scans.map(
      (r) =>
        `| ${r.by === 'default' ? '`scan`, no `--decoders` (the engines\' choice)' : '`scan --decoders`'} | ${r.decoders} | – | ${r.frames} | ${fmt(r.seconds, 3)} | ${bold(r, bestScan)} |`,
    ),
  ];
  const counts = [...new Set([...threads, ...procs, ...scans].map((r) => r.frames))];
  const nvdec = [...new Set(threads.map((r) => r.cudaFrames))];
  const frames =
    counts.length === 1 && nvdec.length === 1
      ? t.text('same-frames', { frames: counts[0], nvdecFrames: nvdec[0] })
      : t.text('other-frames', { counts: counts.join(', ') });
  bm.push(
    ...t.lines('head', {
      where,
      files: corpus?.files ?? '–',
      bytes: corpus ? corpus.bytes.toLocaleString('en-US') : '–',
      folders,
      table: table('| measured | N or K | round | frames | seconds | fps |', rows),
      frames,
    }),
    '',
  );
  for (const exit of [...new Set(scans.map((r) => r.exit))])
    bm.push(t.text('scan-exit', { exit, meaning: t.text(exit === 1 ? 'exit-findings' : 'exit-other') }));
  if (scans.length) bm.push('');
  // The scan without --decoders (runs since the choice came from the GPU's engines): its own words, and its fps
  // against the best of the decoders swept in the same run.
  const chosen = scans.find((r) => r.by === 'default');
  const swept = scans.filter((r) => r.by !== 'default');
  const chosenText = path.join(scanDir, 'scan-default.txt');
  if (chosen && swept.length && fs.existsSync(chosenText)) {
    const words = fs.readFileSync(chosenText, 'utf8').split('\n').find((l) => l.startsWith('decoders: ')) ?? '';
    const bestSwept = best(swept);
    const sameCount = swept.filter((r) => r.decoders === chosen.decoders);
    bm.push(
      ...t.lines('default-decoders', {
        words: words.replace(/^decoders: /, ''),
        fps: fmt(chosen.fps),
        bestSwept: `--decoders ${bestSwept.decoders}`,
        bestFps: fmt(bestSwept.fps),
        ratio: fmt(chosen.fps / bestSwept.fps, 2),
        sweep: swept.map((r) => `${r.decoders}: ${fmt(r.fps)}`).join(', '),
        same: sameCount.length ? ' ' + t.text('default-same', { fps: sameCount.map((r) => fmt(r.fps)).join(', ') }) : '',
      }),
      '',
    );
  }
  if (bestScan && bestThreads && bestProcs) {
    const ratio = bestScan.fps / bestThreads.fps;
    bm.push(
      ...t.lines('ratios', {
        bestScan: `--decoders ${bestScan.decoders}`,
        scanFps: fmt(bestScan.fps),
        bestThreads: `${bestThreads.threads} threads, round ${bestThreads.round}`,
        threadsFps: fmt(bestThreads.fps),
        threadsRatio: fmt(ratio, 2),
        threadsMet: met(ratio >= 0.8),
        bestProcs: `${bestProcs.processes} processes`,
        procsFps: fmt(bestProcs.fps),
        procsRatio: fmt(bestScan.fps / bestProcs.fps, 2),
      }),
      '',
      ...t.lines('pool'),
      '',
    );
  }

  // Each benchmark clip's whole inspect against FFmpeg's command line, round by round: the script takes the first
  // clips/bench-1080p-h264*.mp4 (lines of older runs name no clip: theirs) and clips/bench-2160p-hevc.mp4, which the
  // scan's results name with their frames.
  const versus = lines.filter((l) => l.bench === 'inspect-vs-ffmpeg');
  const clipResult = results.find((r) => /^clips\/bench-1080p-h264[^/]*\.mp4$/.test(r.key.path));
  const clip = clipResult?.key.path ?? 'clips/bench-1080p-h264*.mp4';
  const clipsVersus = [...new Set(versus.map((l) => l.clip ?? path.basename(clip)))];
  for (const name of clipsVersus) {
    const rounds = versus.filter((l) => (l.clip ?? path.basename(clip)) === name);
    const result = results.find((r) => path.basename(r.key.path) === name);
    const ratios = rounds.map((r) => r.ffmpegSeconds / r.inspectSeconds);
    // Runs since whole-file inspect took NVDEC frame threads also time it with one (inspectOneThreadSeconds).
    const oneThread = rounds.every((r) => typeof r.inspectOneThreadSeconds === 'number');
    const vsRows = rounds.map(
      (r, i) =>
        `| ${r.round} | ${fmt(r.ffmpegSeconds, 3)} | ${fmt(r.inspectSeconds, 3)} | **${fmt(ratios[i], 2)}** |` +
        (oneThread ? ` ${fmt(r.inspectOneThreadSeconds, 3)} | ${fmt(r.ffmpegSeconds / r.inspectOneThreadSeconds, 2)} |` : ''),
    );
    const ratio = median(ratios);
    bm.push(
      ...t.lines('process', {
        clip: result?.key.path ?? `clips/${name}`,
        frames: result?.frames ?? '–',
        rounds: rounds.length,
        oneThread: oneThread ? `\n${t.text('process-one-thread')}\n` : '',
        table: table(
          `| round | ffmpeg s | inspect s | ffmpeg / inspect |${oneThread ? ' inspect, 1 thread s | ffmpeg / inspect, 1 thread |' : ''}`,
          vsRows,
        ),
        ratio: fmt(ratio, 2),
        ratioRange: `${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}`,
        roundsMet: ratios.filter((x) => x >= 1).length,
        met: met(ratio >= 1),
      }),
      '',
    );
  }

  // The first frame's marks, one file a round (phases-N.txt: the command's ZCI_PHASES line on stderr).
  const phases = fs
    .readdirSync(scanDir)
    .map((f) => ({ f, m: /^phases-(\d+)\.txt$/.exec(f) }))
    .filter(({ m }) => m !== null)
    .map(({ f, m }) => ({ round: Number(m?.[1]), marks: JSON.parse(fs.readFileSync(path.join(scanDir, f), 'utf8')).phases.marks }))
    .sort((a, b) => a.round - b.round);
  if (phases.length) {
    const rows = phases.map(({ round, marks: m }) => `| ${round} | ${fmt(m['context-made'])} | **${fmt(m.opened)}** | ${fmt(m['first-frame'])} | ${fmt(m.written)} |`);
    const opened = phases.map(({ marks }) => marks.opened);
    bm.push(
      ...t.lines('phases', {
        clip,
        table: table('| round | context made ms | opened ms | first frame ms | written ms |', rows),
        openedMs: fmt(median(opened)),
        openedRange: `${fmt(Math.min(...opened))}–${fmt(Math.max(...opened))}`,
        roundsMet: opened.filter((x) => x <= 300).length,
        rounds: phases.length,
        met: met(median(opened) <= 300),
      }),
      '',
    );
  }
}
