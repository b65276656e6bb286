// @ts-check
// Steady state: memory over 10,000 frames, previews, the probe, the decoder A/B, the copy ledger; the commands run.
import path from 'node:path';
import { median, table, fmt, yes } from './stats.mjs';
import { templates } from './template.mjs';

const t = templates('bench-steady');

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeSteadyBenchmarks(run, bm) {
  const { benchLog, bench } = run;
  const soak = bench.filter((b) => b.bench === 'soak');
  if (soak.length) {
    const warm = soak.filter((s) => s.frame >= 600);
    const firstHalf = warm.slice(0, Math.floor(warm.length / 2));
    const secondHalf = warm.slice(Math.floor(warm.length / 2));
    const max = (xs) => Math.max(...xs.map((s) => s.gpuMemoryUsed));
    const growth = max(secondHalf) - max(firstHalf);
    const head = '| samples | memory at frame 0 | max after warm-up, first half | max, second half | growth | live handles seen |';
    const row = `| ${soak.length} | ${soak[0].gpuMemoryUsed} | ${max(firstHalf)} | ${max(secondHalf)} | **${growth}** bytes | ${[...new Set(soak.map((s) => s.liveHandles))].join(', ')} |`;
    bm.push(...t.lines('soak', { table: table(head, [row]) }), '');
    const wraps2 = soak.filter((s) => s.frame % 600 === 0 && s.frame > 0);
    if (wraps2.length) {
      const atSeek = [...new Set(wraps2.map((s) => s.gpuMemoryUsed))].join(', ');
      const others = [...new Set(warm.filter((s) => s.frame % 600 !== 0).map((s) => s.gpuMemoryUsed))].join(', ');
      bm.push(...t.lines('soak-seeks', { atSeek, others }), '');
    }
  }

  const previewsBench = bench.filter((b) => b.bench === 'preview');
  if (previewsBench.length) {
    const head = '| clip | frames | decode p50 / p99 ms | GPU preview p50 / p99 ms | naive p50 / p99 ms | naive / GPU (p50) | bytes to host per preview | frame bytes |';
    const rows = previewsBench.map(
      (b) => `| ${path.basename(b.file)} | ${b.frames} | ${fmt(b.decodeP50Ms, 2)} / ${fmt(b.decodeP99Ms, 2)} | ${fmt(b.gpuPreviewP50Ms, 2)} / ${fmt(b.gpuPreviewP99Ms, 2)} | ${fmt(b.naiveP50Ms, 2)} / ${fmt(b.naiveP99Ms, 2)} | ${fmt(b.naiveP50Ms / b.gpuPreviewP50Ms, 1)} | ${b.bytesPerPreview} (${fmt((100 * b.bytesPerPreview) / b.frameBytes, 2)} %) | ${b.frameBytes} |`,
    );
    bm.push(...t.lines('preview', { table: table(head, rows) }), '');
  }

  const probes = bench.filter((b) => b.bench === 'probe');
  if (probes.length) {
    const head = '| clip | size | format | tile bytes | reads | tile p50 / p99 µs | whole allocation bytes | copies | whole p50 / p99 µs | whole / tile (p50) |';
    const rows = probes.map(
      (b) => `| ${path.basename(b.file)} | ${b.width}x${b.height} | ${b.format} | ${b.tileBytes} | ${b.reads} | ${fmt(b.tileP50Us, 1)} / ${fmt(b.tileP99Us, 1)} | ${b.wholeBytes} | ${b.wholeCopies} | ${fmt(b.wholeP50Us, 1)} / ${fmt(b.wholeP99Us, 1)} | ${fmt(b.wholeP50Us / b.tileP50Us, 1)} |`,
    );
    bm.push(...t.lines('probe', { table: table(head, rows) }), '');
  }

  // One decoder A/B on the GPU against downloading both frames and comparing on the CPU (zci_bench compare).
  const compareSummary = bench.filter((b) => b.bench === 'compare-summary');
  if (compareSummary.length) {
    const head = '| file | frames | decoder A | device compare ms (median) | host compare ms (median) | bytes up | bytes back (device / host) | identical | device and host agree |';
    const rows = compareSummary.map(
      (c) => `| ${path.basename(c.file)} | ${c.frames} | ${c.decoderA} | **${fmt(c.deviceMsMedian, 3)}** | ${fmt(c.hostMsMedian, 3)} | ${c.bytesUploaded.toLocaleString('en-US')} | ${c.bytesDownloadedDevice.toLocaleString('en-US')} / ${c.bytesDownloadedHost.toLocaleString('en-US')} | ${yes(c.differing === 0)} | ${yes(c.deviceAndHostAgree)} |`,
    );
    bm.push(...t.lines('compare', { table: table(head, rows) }), '');
  }

  // The copy ledger (`zci_bench ledger`): CUPTI's own account of each step's copies by stage, beside a naive
  // whole-frame download, and the step's latency with tracing on and off. Only where the run has it.
  const ledgerSteps = bench.filter((b) => b.bench === 'ledger');
  const ledgerCost = bench.filter((b) => b.bench === 'ledger-cost');
  if (ledgerSteps.length || ledgerCost.length) {
    const rows = [];
    /**
     * The bytes of a step's copies in one stage, of one kind or all.
     * @param {import('../../../contract/ledger').Ledger['totals']} totals
     * @param {import('./vocabulary.mjs').LedgerStage} stage @param {string} [kind]
     */
    const stageBytes = (totals, stage, kind) =>
      totals.filter((x) => x.stage === stage && (kind === undefined || x.kind === kind)).reduce((a, x) => a + x.bytes, 0);
    for (const clip of [...new Set(ledgerSteps.map((b) => b.file))]) {
      const steps = ledgerSteps.filter((b) => b.file === clip);
      const med = (f) => median(steps.map(f));
      rows.push(
        `| ${path.basename(clip)} | ${steps.length} | ${[...new Set(steps.map((b) => b.reason))].join(', ')} | ` +
          `${med((b) => stageBytes(b.totals, 'decode', 'dtod'))} | ${med((b) => stageBytes(b.totals, 'decode', 'htod'))} | ` +
          `${med((b) => stageBytes(b.totals, 'evidence', 'dtoh'))} | ${med((b) => stageBytes(b.totals, 'thumbnail', 'dtoh'))} ` +
          `(${med((b) => b.thumbnailBytesReported)}) | ${med((b) => stageBytes(b.totals, 'unattributed'))} | ` +
          `${med((b) => stageBytes(b.naiveTotals, 'naive', 'dtoh'))} |`,
      );
    }
    const head = '| clip | steps | ledger | decode dtod | decode htod | evidence dtoh | thumbnail dtoh (inspector says) | unattributed | naive dtoh |';
    bm.push(...t.lines('ledger', { table: table(head, rows) }), '');
    if (ledgerCost.length) {
      const costHead = '| clip | steps × rounds | tracing ran | on p50 / p99 ms | off p50 / p99 ms | on / off (p50) |';
      const costs = ledgerCost.map(
        (b) => `| ${path.basename(b.file)} | ${b.steps} × ${b.rounds} | ${yes(b.recording)} | ${fmt(b.onP50Ms, 3)} / ${fmt(b.onP99Ms, 3)} | ${fmt(b.offP50Ms, 3)} / ${fmt(b.offP99Ms, 3)} | ${fmt(b.onP50Ms / b.offP50Ms, 2)} |`,
      );
      bm.push(...t.lines('ledger-cost', { table: table(costHead, costs) }), '');
    }
  }

  // A line for each command, each ended: the block closes after the last (at once where the run printed none).
  const commands = benchLog.split('\n').filter((l) => l.startsWith('$ ')).map((l) => `${l.slice(2)}\n`);
  bm.push(...t.lines('commands', { commands: commands.join('') }), '');
}
