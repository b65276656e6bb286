// The sections of docs/reliability.md on what an open is charged and on the restart loop, from a run's
// open-charge.jsonl and restart-loop.json (scripts/reliability/run.sh); a run made before them says so.
import fs from 'node:fs';
import path from 'node:path';

/** The Markdown lines of both sections for the run in folder run; cell escapes a table cell. */
export function chargeSections(run, cell) {
  const lines = [];
  lines.push('## What an open is charged', '');
  lines.push(
    'The backend charges an open before the addon opens anything (electron/backend/open-charge.ts, the one home of the',
    'model and its measured constants). It reads the container\'s header (MP4, Matroska/WebM, raw and transport',
    'H.264/HEVC streams; electron/backend/stream-shape.ts) and, for H.264 and HEVC, the sequence parameter set: coded',
    'size, chroma format, bit depth and the DPB the stream declares (without one, the codec\'s maximum: 16 for',
    'H.264/HEVC, 8 for VP9/AV1). The charge is the DPB and the held frames as pictures, plus, per decoder thread FFmpeg',
    'will run (one more than the cores for software decoding, 16 at most), one picture and that thread\'s tables. An',
    'NVDEC or cuvid open is charged what such an open was measured to hold in host memory on an H100 (its surfaces are',
    'device memory, which the budget does not count; test/unit/open-charge-gpu.test.ts holds the model to the recorded',
    'GPU run\'s gpu-memory/open-cost-nvdec.jsonl). An open in auto mode is charged the',
    'path it will take: NVDEC where the warm-up found a CUDA device and the stream is one NVDEC decodes (H.264 4:4:4',
    'is not), software otherwise, the larger of the two before the warm-up has answered. When the charge does not fit',
    'the open is refused with MEMORY_BUDGET_EXCEEDED, naming what was counted, before FFmpeg allocates a picture.',
    '',
    'After the open the charge is reconciled: set to the larger of the model for the stream as opened (its real decode',
    'path and format) and the resident memory the open took; past the budget the file is closed and refused, and every',
    'next charge of any client sees the raised total. A file whose header is not read is charged only then, and its',
    'cost is remembered, so its next open is refused before it is made. Each frame step of the file (a show, the',
    'decode before a memory read, or a frame a capture save gathers) is charged before the addon decodes it: what its',
    'thumbnails and operator previews may add (electron/backend/step-budget.ts), and for a capture save (of a video, or',
    'a capture re-saved, whose frames decode nothing) twice what the frame may keep until the capture is written (its',
    'PNGs and memory samples, then their copy in the zip) beside what',
    'the earlier frames kept, beside every charge held; past the budget the step is refused with',
    'MEMORY_BUDGET_EXCEEDED and the decoder never sees it (a refused save writes nothing). After the step the file\'s',
    'charge is the larger of the model and the most the growth measured over its open and its steps has come to, even',
    'past the budget (the memory is held: the next step is refused); a capture\'s kept bytes are the save\'s, not the',
    'file\'s. Growth while another open or step, the decoder A/B, process-wide work or a closed file\'s teardown on a',
    'worker thread (100 ms from a software decoder\'s close, 2 s from a device\'s) ran beside it is no one\'s and not',
    'counted (test/integration/step-charge.test.ts, test/integration/save-charge.test.ts). A file\'s charge is never',
    'lowered on a measured shrink, during a step or between steps: a shrink may be another client\'s memory or garbage',
    'collected, glibc gives small blocks back late, and a decoder refills what it gave back at the next seek; it falls',
    'when the file is closed. The decoder A/B charges its two decoders the same way for as long as it runs. The',
    'backend runs with glibc\'s mmap threshold fixed, so a closed file\'s memory leaves its resident set',
    '(electron/supervisor/memory-watch.ts).',
    '',
  );
  if (fs.existsSync(path.join(run, 'open-charge.jsonl'))) {
    const rows = fs.readFileSync(path.join(run, 'open-charge.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l));
    const mib = (b) => (b / 1048576).toFixed(1);
    lines.push(
      `From \`open-charge.jsonl\` (test/integration/open-charge.test.ts): the charge made from each file's header against`,
      `what its open and ${rows[0]?.frames ?? '?'} frames hold (open-cost.mjs, software decoding, ${rows[0]?.cpuThreads ?? '?'} cores). Growth under 8 MiB`,
      'is noise and not held to the charge; a stream that declares no DPB (VP9, AV1, MPEG-4 part 2) is charged at its',
      "codec's maximum and held only to never being under by more than a quarter.",
      '',
      '| file | stream | DPB | charged (MiB) | holds (MiB) | charge / held | held to |',
      '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of rows)
      lines.push(
        `| ${cell(r.file)} | ${r.codec} ${r.pixelFormat} ${r.codedWidth}x${r.codedHeight} | ${r.dpbFrames ?? 'codec max'} | ${mib(r.chargeBytes)} | ${mib(r.rssBytes)} | ${(r.chargeBytes / r.rssBytes).toFixed(2)} | ${r.held} |`,
      );
    lines.push('');
  } else lines.push('This run predates the charge: its table comes with the next run of run.sh (`open-charge.jsonl`).', '');

  lines.push('## The restart loop', '');
  if (fs.existsSync(path.join(run, 'restart-loop.json'))) {
    const r = JSON.parse(fs.readFileSync(path.join(run, 'restart-loop.json'), 'utf8'));
    const codes = (c) =>
      Object.entries(c)
        .map(([code, n]) => `${n} × ${code}`)
        .join(', ') || 'none';
    lines.push(
      `From \`restart-loop.json\` (scripts/reliability/restart-loop.mjs): serve mode at \`--memory-budget ${r.memoryBudgetMiB}\`, one client`,
      `opening the ${r.offendingFile.codedWidth}x${r.offendingFile.codedHeight} ${r.offendingFile.pixelFormat} file with ${r.offendingFile.referenceFrames} reference frames (MP4 and NUT in turn) for ${r.seconds} s while another`,
      'client asks for the environment and steps frames of a 1080p file, every request timed.',
      '',
      `- serve mode still serving at the end: ${r.serveAlive ? 'yes' : '**no**'}${r.gaveUp ? ' (**it gave up**)' : ''}; a new client answered in ${r.newClientAnsweredMs ?? '—'} ms`,
      `- the offending client: ${r.offending.attempts} opens, ${codes(r.offending.codes)} (MP4: ${codes(r.offending.byContainer.mp4)}; NUT: ${codes(r.offending.byContainer.nut)})`,
      `- the other client: ${r.otherClient.requests} requests, ${r.otherClient.failures} failed${r.otherClient.failures > 0 ? ` (${codes(r.otherClient.codes)})` : ''}, slowest ${r.otherClient.slowestMs} ms, mean ${r.otherClient.meanMs} ms, ${r.otherClient.overLimit} over ${r.answerLimitMs} ms`,
      `- backend restarts: ${r.restarts}; peak resident memory: serve mode ${r.servePeakMiB ?? '—'} MiB, backend ${r.backendPeakMiB ?? '—'} MiB (${r.cores} cores)`,
      '',
    );
  } else
    lines.push(
      'scripts/reliability/restart-loop.mjs repeats the open of the 4:4:4 file at the pixel budget from one client for',
      '5 minutes at `--memory-budget 1024` while another client asks; this run predates it, and its figures come with',
      'the next run of run.sh (`restart-loop.json`).',
      '',
    );
  return lines;
}
