// @ts-check
// Steady state: memory over 10,000 frames, previews, the probe, the decoder A/B, the copy ledger; the commands run.
import path from 'node:path';
import { median, tableHead, fmt, yes } from './stats.mjs';

/** Appends this part to the document's lines. @param {import('./run.mjs').Run} run @param {string[]} bm */
export function writeSteadyBenchmarks(run, bm) {
  const { benchLog, bench } = run;
  const soak = bench.filter((b) => b.bench === 'soak');
  if (soak.length) {
    bm.push('## 3. GPU memory and live NVCV handles over 10,000 frames', '');
    bm.push('`zci_bench soak bench-1080p-h264.mp4 10000`: decode + wrap + evidence, looping over the 600-frame clip; every');
    bm.push('100 frames the device\'s memory in use (`cudaMemGetInfo`) and the NVCV images alive (counted by NVCV\'s');
    bm.push('cleanup callbacks). Warm-up: the first pass over the clip (600 frames).', '');
    const warm = soak.filter((s) => s.frame >= 600);
    const firstHalf = warm.slice(0, Math.floor(warm.length / 2));
    const secondHalf = warm.slice(Math.floor(warm.length / 2));
    const max = (xs) => Math.max(...xs.map((s) => s.gpuMemoryUsed));
    const growth = max(secondHalf) - max(firstHalf);
    bm.push(`| samples | memory at frame 0 | max after warm-up, first half | max, second half | growth | live handles seen |`);
    bm.push('| --- | --- | --- | --- | --- | --- |');
    bm.push(`| ${soak.length} | ${soak[0].gpuMemoryUsed} | ${max(firstHalf)} | ${max(secondHalf)} | **${growth}** bytes | ${[...new Set(soak.map((s) => s.liveHandles))].join(', ')} |`);
    bm.push('');
    const wraps2 = soak.filter((s) => s.frame % 600 === 0 && s.frame > 0);
    if (wraps2.length) {
      bm.push(`Samples taken right after the loop seeks back to frame 0 (every 600 frames) read ${[...new Set(wraps2.map((s) => s.gpuMemoryUsed))].join(', ')} bytes;`);
      bm.push(`the others read ${[...new Set(warm.filter((s) => s.frame % 600 !== 0).map((s) => s.gpuMemoryUsed))].join(', ')}. Neither grows over the run.`, '');
    }
  }

  const previewsBench = bench.filter((b) => b.bench === 'preview');
  if (previewsBench.length) {
    bm.push('## 4. Step to thumbnail: GPU preview against the naive path', '');
    bm.push('`zci_bench preview CLIP N`: for each frame in turn, decode it (NVDEC), then the GPU preview (colour conversion');
    bm.push('by the inspector\'s kernel on the wrapped frame, CV-CUDA Resize to 256 wide, download of the thumbnail only), then');
    bm.push('the naive path on the same frame (the whole frame downloaded with `av_hwframe_transfer_data`, converted and');
    bm.push('scaled by swscale on the CPU). Wall-clock per step, including stream synchronisation.', '');
    bm.push(...tableHead('| clip | frames | decode p50 / p99 ms | GPU preview p50 / p99 ms | naive p50 / p99 ms | naive / GPU (p50) | bytes to host per preview | frame bytes |'));
    for (const b of previewsBench) {
      bm.push(`| ${path.basename(b.file)} | ${b.frames} | ${fmt(b.decodeP50Ms, 2)} / ${fmt(b.decodeP99Ms, 2)} | ${fmt(b.gpuPreviewP50Ms, 2)} / ${fmt(b.gpuPreviewP99Ms, 2)} | ${fmt(b.naiveP50Ms, 2)} / ${fmt(b.naiveP99Ms, 2)} | ${fmt(b.naiveP50Ms / b.gpuPreviewP50Ms, 1)} | ${b.bytesPerPreview} (${fmt((100 * b.bytesPerPreview) / b.frameBytes, 2)} %) | ${b.frameBytes} |`);
    }
    bm.push('');
  }

  const probes = bench.filter((b) => b.bench === 'probe');
  if (probes.length) {
    bm.push('## 5. Pixel probe: a 64×64 tile read against downloading the whole frame', '');
    bm.push('`zci_bench probe CLIP N`: frame 1 of the clip (NVDEC); N reads of a 64×64-sample tile of the luma plane at random');
    bm.push('places through the inspector\'s memory read (map the frame\'s allocation, check the range, one `cuMemcpy2D`, label');
    bm.push('the bytes), after 10 unmeasured reads; against one linear `cuMemcpyDtoH` of the whole allocation into pageable host');
    bm.push('memory, timed N/4 times. Wall-clock per call.', '');
    bm.push(...tableHead('| clip | size | format | tile bytes | reads | tile p50 / p99 µs | whole allocation bytes | copies | whole p50 / p99 µs | whole / tile (p50) |'));
    for (const b of probes) {
      bm.push(`| ${path.basename(b.file)} | ${b.width}x${b.height} | ${b.format} | ${b.tileBytes} | ${b.reads} | ${fmt(b.tileP50Us, 1)} / ${fmt(b.tileP99Us, 1)} | ${b.wholeBytes} | ${b.wholeCopies} | ${fmt(b.wholeP50Us, 1)} / ${fmt(b.wholeP99Us, 1)} | ${fmt(b.wholeP50Us / b.tileP50Us, 1)} |`);
    }
    bm.push('');
  }

  // One decoder A/B on the GPU against downloading both frames and comparing on the CPU (zci_bench compare).
  const compareSummary = bench.filter((b) => b.bench === 'compare-summary');
  if (compareSummary.length) {
    bm.push('## 6. Decoder A/B: compare on the GPU against download both and compare on the CPU', '');
    bm.push('`zci_bench compare FILE N`: each frame decoded by NVDEC and by FFmpeg\'s software decoder; the software frame');
    bm.push('uploaded once and compared on the device (only the figures come back), against the same comparison with the');
    bm.push('NVDEC frame downloaded and compared on the CPU. Same binary, same frames, one run.', '');
    bm.push(...tableHead('| file | frames | decoder A | device compare ms (median) | host compare ms (median) | bytes up | bytes back (device / host) | identical | device and host agree |'));
    for (const c of compareSummary)
      bm.push(`| ${path.basename(c.file)} | ${c.frames} | ${c.decoderA} | **${fmt(c.deviceMsMedian, 3)}** | ${fmt(c.hostMsMedian, 3)} | ${c.bytesUploaded.toLocaleString('en-US')} | ${c.bytesDownloadedDevice.toLocaleString('en-US')} / ${c.bytesDownloadedHost.toLocaleString('en-US')} | ${yes(c.differing === 0)} | ${yes(c.deviceAndHostAgree)} |`);
    bm.push('');
  }

  // The copy ledger (`zci_bench ledger`): CUPTI's own account of each step's copies by stage, beside a naive
  // whole-frame download, and the step's latency with tracing on and off. Only where the run has it.
  const ledgerSteps = bench.filter((b) => b.bench === 'ledger');
  const ledgerCost = bench.filter((b) => b.bench === 'ledger-cost');
  if (ledgerSteps.length || ledgerCost.length) {
    bm.push('## 7. Copy ledger: what a step asks the GPU to copy, and what tracing costs', '');
    bm.push('`zci_bench ledger CLIP STEPS ROUNDS`: each step is the frame request the app makes (decode, wrap, evidence with');
    bm.push('the aliasing proof, 256-wide plane thumbnails); CUPTI\'s activity records of its copies and memsets, attributed');
    bm.push('by correlation id to the stage that issued them; then the same frame downloaded whole (`cuMemcpy2D` of every');
    bm.push('plane, pitch × rows) as the naive path. Bytes are the median over the steps.', '');
    bm.push(...tableHead('| clip | steps | ledger | decode dtod | decode htod | evidence dtoh | thumbnail dtoh (inspector says) | unattributed | naive dtoh |'));
    const stageBytes = (totals, stage, kind) =>
      totals.filter((t) => t.stage === stage && (kind === undefined || t.kind === kind)).reduce((a, t) => a + t.bytes, 0);
    for (const clip of [...new Set(ledgerSteps.map((b) => b.file))]) {
      const steps = ledgerSteps.filter((b) => b.file === clip);
      const med = (f) => median(steps.map(f));
      bm.push(
        `| ${path.basename(clip)} | ${steps.length} | ${[...new Set(steps.map((b) => b.reason))].join(', ')} | ` +
          `${med((b) => stageBytes(b.totals, 'decode', 'dtod'))} | ${med((b) => stageBytes(b.totals, 'decode', 'htod'))} | ` +
          `${med((b) => stageBytes(b.totals, 'evidence', 'dtoh'))} | ${med((b) => stageBytes(b.totals, 'thumbnail', 'dtoh'))} ` +
          `(${med((b) => b.thumbnailBytesReported)}) | ${med((b) => stageBytes(b.totals, 'unattributed'))} | ` +
          `${med((b) => stageBytes(b.naiveTotals, 'naive', 'dtoh'))} |`,
      );
    }
    bm.push('');
    if (ledgerCost.length) {
      bm.push('The same steps in one session with the ledger on and off, alternating per round (wall-clock per step).', '');
      bm.push(...tableHead('| clip | steps × rounds | tracing ran | on p50 / p99 ms | off p50 / p99 ms | on / off (p50) |'));
      for (const b of ledgerCost) {
        bm.push(`| ${path.basename(b.file)} | ${b.steps} × ${b.rounds} | ${yes(b.recording)} | ${fmt(b.onP50Ms, 3)} / ${fmt(b.onP99Ms, 3)} | ${fmt(b.offP50Ms, 3)} / ${fmt(b.offP99Ms, 3)} | ${fmt(b.onP50Ms / b.offP50Ms, 2)} |`);
      }
      bm.push('');
    }
  }

  bm.push('## Commands, as the run printed them', '', '```');
  for (const line of benchLog.split('\n').filter((l) => l.startsWith('$ '))) bm.push(line.slice(2));
  bm.push('```', '');
}
