// @ts-check
// Opening files: in a running process, whole-file inspect, the interactive loop over RPC, where a second open goes, an NVDEC decoder's cost.
import path from 'node:path';
import { median, tableHead, table, fmt, met, range, yes } from './stats.mjs';
import { templates, then } from './template.mjs';

const t = templates('bench-opens');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeOpenBenchmarks(run, bm) {
  const { bench } = run;
  // A second file opened in a running process (zci_bench reopen), with the NVDEC decoder pool off, then on.
  const reopen = bench.filter((b) => b.bench === 'reopen');
  const poolName = (active) => (active === undefined ? null : active ? 'on' : 'off');
  if (reopen.length) {
    const pooled = reopen.some((r) => r.decoderPool !== undefined);
    bm.push(...t.lines('reopen'));
    if (pooled) bm.push(...t.lines('reopen-pool'));
    bm.push('');
    bm.push(...tableHead(`| ${pooled ? 'pool | ' : ''}clip | round | to first report ms | probe ms | of which NAL prescan ms | index ms | CUDA ms | first frame ms | ${pooled ? 'decoder | ' : ''}frame 0 ms | seek forward ms | seek back ms |`));
    for (const r of reopen) {
      bm.push(`| ${pooled ? `${poolName(r.decoderPool)} | ` : ''}${path.basename(r.file)} | ${r.round} | ${fmt(r.toFirstReportMs)} | ${fmt(r.probeMs)} | ${fmt(r.prescanMs, 2)} | ${fmt(r.indexMs)} | ${fmt(r.cudaMs, 2)} | ${fmt(r.firstFrameMs)} | ${pooled ? `${r.nvdecDecoder} | ` : ''}${fmt(r.frameMs, 2)} | ${fmt(r.seekForwardMs)} | ${fmt(r.seekBackMs)} |`);
    }
    bm.push('');
    for (const pool of [...new Set(reopen.map((r) => r.decoderPool))]) {
      const rows = reopen.filter((r) => r.decoderPool === pool);
      for (const clip of [...new Set(rows.map((b) => b.file))]) {
        const later = rows.filter((r) => r.file === clip && !(r.round === 0 && r === rows[0]));
        const ms = median(later.map((r) => r.toFirstReportMs));
        const prescan = later.filter((r) => r.prescanMs !== undefined).map((r) => r.prescanMs);
        bm.push(
          t.text('reopen-verdict', {
            clip: path.basename(clip),
            pool: then(pool === undefined ? null : t.text('reopen-verdict-pool', { pool: poolName(pool) ?? '' })),
            ms: fmt(ms),
            prescan: prescan.length ? t.text('reopen-verdict-prescan', { ms: fmt(median(prescan), 2) }) : '',
            target: then(clip.includes('1080p') ? t.text('target-60', { met: met(ms <= 60) }) : null),
            seekBackMs: fmt(median(later.map((r) => r.seekBackMs))),
          }),
        );
      }
    }
    bm.push('');
  }

  // Whole-file inspect through the command line against FFmpeg's CLI, each a whole process.
  const procRows = bench.filter((b) => ['inspect-process', 'ffmpeg-process', 'inspect-proof-process'].includes(b.bench));
  if (procRows.length) {
    const rows = [];
    const procVerdicts = [];
    for (const clip of [...new Set(procRows.map((b) => b.file))]) {
      const sec = (k) => median(procRows.filter((b) => b.file === clip && b.bench === k).map((b) => b.seconds));
      const ff = sec('ffmpeg-process');
      const ins = sec('inspect-process');
      const pr = sec('inspect-proof-process');
      const exits = [...new Set(procRows.filter((b) => b.file === clip).map((b) => b.exit))].join(', ');
      const frames = procRows.find((b) => b.file === clip).frames;
      rows.push(`| ${path.basename(clip)} | ${frames} | ${fmt(ff, 3)} | ${fmt(ins, 3)} | **${fmt(ff / ins, 2)}** | ${fmt(pr, 3)} | **${fmt(ff / pr, 2)}** | ${exits} |`);
      procVerdicts.push(t.text('process-verdict', { clip: path.basename(clip), ratio: fmt(ff / ins, 2), met: met(ff / ins >= 1), proofRatio: fmt(ff / pr, 2), proofMet: met(ff / pr >= 0.9) }));
    }
    const head = '| clip | frames | ffmpeg s | inspect s | ffmpeg / inspect | inspect + proof s | ffmpeg / (inspect + proof) | exit codes |';
    bm.push(...t.lines('process', { table: table(head, rows) }), '', ...procVerdicts, '');
    const phaseRows = bench.filter((b) => b.bench === 'inspect-phases');
    if (phaseRows.length) {
      const phases = [];
      const rounds = new Map();
      for (const r of phaseRows) {
        const m = r.phases.marks;
        const ending = r.ending ?? 'orderly';
        const key = `${r.file} ${ending}`;
        const round = (rounds.get(key) ?? 0) + 1;
        rounds.set(key, round);
        const wall = r.seconds * 1000;
        phases.push(`| ${path.basename(r.file)} | ${ending} | ${round} | ${fmt(r.phases.node.loopStart)} | ${fmt(m['addon-loaded'])} | ${fmt(m['context-made'])} | ${fmt(m.main)} | ${fmt(m.opened)} | ${fmt(m['first-frame'])} | ${fmt(m['last-frame'])} | ${fmt(m.written)} | ${fmt(wall)} | ${fmt(wall - m.written)} |`);
      }
      const phaseHead = '| clip | ending | round | Node ready | addon loaded | context made | command starts | file open | first frame | last frame | written | wall | end |';
      bm.push(...t.lines('phases', { table: table(phaseHead, phases) }), '');
      for (const clip of [...new Set(phaseRows.map((r) => r.file))]) {
        const endOf = (ending) => median(phaseRows.filter((r) => r.file === clip && (r.ending ?? 'orderly') === ending).map((r) => r.seconds * 1000 - r.phases.marks.written));
        const atOnce = endOf('at-once');
        const orderly = endOf('orderly');
        if (Number.isFinite(atOnce) && Number.isFinite(orderly))
          bm.push(t.text('phases-ending', { clip: path.basename(clip), atOnceMs: fmt(atOnce), orderlyMs: fmt(orderly) }));
      }
      bm.push('');
    }
  }

  // What the renderer does over serve mode's WebSocket RPC (scripts/gpu/step-bench.mjs).
  const rpcOpen = bench.filter((b) => b.bench === 'rpc-open');
  const rpcStep = bench.filter((b) => b.bench === 'rpc-step');
  const rpcHold = bench.filter((b) => b.bench === 'rpc-hold');
  if (rpcOpen.length || rpcStep.length || rpcHold.length) {
    bm.push(...t.lines('rpc'), '');
    if (rpcOpen.length) {
      const pause = rpcOpen[0].pauseBeforeMs;
      if (pause !== undefined) bm.push(...t.lines('rpc-pause', { pauseMs: pause }), '');
      const split = rpcOpen.some((r) => r.openCallMs !== undefined);
      const pooled = rpcOpen.some((r) => r.decoderPool !== undefined);
      if (pooled) bm.push(...t.lines('rpc-pool'), '');
      bm.push(
        `| ${pooled ? 'pool | ' : ''}open, in turn | file | decode | to the first complete frame answer ms |${split ? ' the open call ms | the first frame call ms |' : ''}`,
        `| ${pooled ? '--- | ' : ''}--- | --- | --- | --- |${split ? ' --- | --- |' : ''}`,
      );
      for (const r of rpcOpen)
        bm.push(`| ${pooled ? `${r.decoderPool} | ` : ''}${r.round + 1} | ${r.file} | ${r.decodePath} | ${fmt(r.toFirstAnswerMs)} |${split ? ` ${fmt(r.openCallMs)} | ${fmt(r.firstFrameCallMs)} |` : ''}`);
      bm.push('');
      for (const pool of [...new Set(rpcOpen.map((r) => r.decoderPool))]) {
        const later = rpcOpen.filter((r) => r.decoderPool === pool && r.round > 0 && r.file.includes('1080p')).map((r) => r.toFirstAnswerMs);
        // Every variant measured is held to the target, the pool's off state too.
        if (later.length)
          bm.push(
            t.text('rpc-open-verdict', {
              pool: pool === undefined ? '' : t.text('rpc-open-verdict-pool', { pool: String(pool) }),
              ms: fmt(median(later)),
              target: then(t.text('target-60', { met: met(median(later) <= 60) })),
            }),
          );
      }
      bm.push('');
    }
    for (const r of rpcStep) {
      const size = r.answerBytesP50 === undefined ? '' : t.text(r.binaryFrames ? 'rpc-step-size-binary' : 'rpc-step-size-json', { bytes: r.answerBytesP50 });
      const step = {
        file: r.file,
        variant: then(r.variant === undefined ? null : `(${r.variant})`),
        steps: r.steps,
        p50Ms: fmt(r.p50Ms, 2),
        p99Ms: fmt(r.p99Ms, 2),
        maxMs: fmt(r.maxMs, 2),
        size,
        preview: r.preview,
        p50Met: met(r.p50Ms <= 8),
        p99Met: met(r.p99Ms <= 16),
      };
      bm.push(...t.lines('rpc-step', step), '');
    }
    if (rpcHold.length) {
      const rows = rpcHold.map((r) => `| ${r.mode} | ${r.requests} | ${r.answered} | **${fmt(r.distinctPerSecond)}** | ${yes(r.inOrder)} | ${r.lastShown} / ${r.lastRequested} | ${r.superseded} | ${r.maxOutstanding} |`);
      const head = '| mode | requests | answered | distinct frames / s | in order | last shown / asked | superseded | most requests outstanding |';
      bm.push(...t.lines('rpc-hold', { table: table(head, rows) }), '');
      for (const r of rpcHold)
        bm.push(t.text('rpc-hold-verdict', { mode: r.mode, perSecond: fmt(r.distinctPerSecond), met: met(r.distinctPerSecond >= 55), inOrder: yes(r.inOrder) }));
      bm.push('');
    }
  }

  // Where a second open goes on the addon itself (scripts/gpu/reopen-split.mjs).
  const reopenSplit = bench.filter((b) => b.bench === 'reopen-split');
  const reopenAnswer = bench.filter((b) => b.bench === 'reopen-answer');
  if (reopenSplit.length) {
    const rows = [];
    for (const mode of [...new Set(reopenSplit.map((r) => r.mode))]) {
      for (const file of [...new Set(reopenSplit.map((r) => r.file))]) {
        const of = reopenSplit.filter((r) => r.mode === mode && r.file === file);
        if (!of.length) continue;
        rows.push(`| ${mode} | ${file} (${of[0].decodePath}) | ${of.length} | ${range(of.map((r) => r.openMs))} | ${range(of.map((r) => r.firstAnswerMs))} | **${range(of.map((r) => r.toFirstAnswerMs))}** |`);
      }
    }
    const head = '| the replaced session | clip | opens | open call ms | first answer ms | to the first answer ms |';
    bm.push(...t.lines('reopen-split', { table: table(head, rows) }), '');
  }
  if (reopenAnswer.length) {
    const rows = [...new Set(reopenAnswer.map((r) => r.what))].map((what) => {
      const of = reopenAnswer.filter((r) => r.what === what);
      return `| ${what} | ${fmt(median(of.map((r) => r.firstMs)), 2)} | ${fmt(median(of.map((r) => r.nextMs)), 2)} |`;
    });
    const answers = table('| the answer | first after the open ms | the next frame ms |', rows);
    bm.push(...t.lines('reopen-answer', { file: reopenAnswer[0].file, table: answers }), '');
  }

  // What the driver itself takes to create and destroy the decoder FFmpeg asks for (zci_bench nvdec-create).
  const nvdecCreate = bench.filter((b) => b.bench === 'nvdec-create');
  if (nvdecCreate.length) {
    const rows = [...new Set(nvdecCreate.map((r) => r.file))].map((file) => {
      const of = nvdecCreate.filter((r) => r.file === file);
      const r0 = of[0];
      return `| ${path.basename(file)} | ${r0.codec} ${r0.codedWidth}×${r0.codedHeight}, ${r0.bitDepth}-bit | ${r0.surfaces} | ${range(of.map((r) => r.capsMs))} | **${range(of.map((r) => r.createMs))}** | ${range(of.map((r) => r.destroyMs))} |`;
    });
    const head = '| clip | decoder | surfaces | capability query ms | create ms | destroy ms |';
    bm.push(...t.lines('nvdec-create', { table: table(head, rows) }), '');
  }
}
