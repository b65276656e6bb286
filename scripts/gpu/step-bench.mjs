// What the renderer does, measured over serve mode's WebSocket RPC on the GPU machine: opening a second file to its
// first complete frame answer, sequential steps (report + thumbnails + a convert preview in one request), and a held
// key (requests at 60 per second for 10 s), once as the renderer sends them (one in flight, only the newest waiting)
// and once sent blindly (the backend's latest-wins drops what waits). One JSON line per measurement on stdout.
// Usage: node scripts/gpu/step-bench.mjs CLIP_1080P CLIP_4K [--opens-only]
// Each open is tagged with whether the backend's NVDEC decoder pool was in use (ZCI_DECODER_POOL_MB=0 turns it off).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readServerMessage, startServe } from '../../test/gpu/serve-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opensOnly = args.includes('--opens-only');
const [hd, uhd] = args.filter((a) => !a.startsWith('--')).map((f) => fs.realpathSync(path.resolve(f)));
const { WebSocket } = await import(path.join(root, 'node_modules', 'ws', 'wrapper.mjs'));

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const print = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-step-'));
const clipDir = fs.realpathSync(path.dirname(hd));
const { proc, url } = await startServe(configDir, ['--root', clipDir]);

try {
  const socket = new WebSocket(`ws://${url.host}/rpc?token=${url.searchParams.get('token')}`, { origin: url.origin });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 0;
  const waiting = new Map();
  socket.on('message', (data, isBinary) => {
    const m = readServerMessage(data, isBinary);
    if (m.kind !== 'response') return;
    // The size of the answer as it crossed the socket (a binary frame when it carries pictures).
    waiting.get(m.id)?.({ ...m, wireBytes: data.length, binary: isBinary });
    waiting.delete(m.id);
  });
  const call = (method, params) =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ kind: 'request', id, method, params }));
    });
  const must = async (method, params) => {
    const r = await call(method, params);
    if (!r.ok) throw new Error(`${method} ${JSON.stringify(params)}: ${r.error.code} ${r.error.message}`);
    return r.result;
  };
  // What a step asks to bring back, as the renderer's show does.
  const bringBack = { thumbnailWidth: 256, previews: [{ op: 'convert', maxWidth: 256 }], fallbackToReference: true };

  // Opening files in a running backend, each to its first complete frame answer (what the renderer waits for), after
  // a pause as a user looks at a file before opening the next: the teardown of the file before is then over.
  const PAUSE_MS = 400;
  const opens = [];
  for (const [round, file] of [hd, uhd, hd, uhd, hd, uhd, hd].entries()) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const t0 = performance.now();
    const opened = await must('open', { path: file });
    const t1 = performance.now();
    const first = await must('show', { target: { index: 0 }, options: bringBack });
    const t2 = performance.now();
    opens.push({
      bench: 'rpc-open',
      file: path.basename(file),
      round,
      decodePath: opened.info.decodePath,
      toFirstAnswerMs: t2 - t0,
      openCallMs: t1 - t0,
      firstFrameCallMs: t2 - t1,
      pauseBeforeMs: PAUSE_MS,
      preview: first.previews[0]?.result?.op ?? null,
      previewError: first.previews[0]?.error?.code ?? null,
    });
  }
  const pool = (await must('environment', {})).report?.decoderPool ?? null;
  for (const o of opens) print({ ...o, decoderPool: pool?.active ? 'on' : 'off' });
  print({ bench: 'rpc-pool', ...pool });

  // Sequential steps on the 1080p clip: one request each, latency to the complete answer. Twice: as the operators
  // panel asks (the convert preview with its CPU reference and the naive-wrap picture), and the convert preview alone.
  const sequential = async (variant, preview) => {
    await must('open', { path: hd });
    const steps = [];
    const sizes = [];
    let previewOp = null;
    let binary = false;
    for (let i = 0; i < 300; i += 1) {
      const t0 = performance.now();
      const raw = await call('show', {
        target: { index: i },
        options: { thumbnailWidth: 256, previews: [preview], fallbackToReference: true },
      });
      steps.push(performance.now() - t0);
      if (!raw.ok) throw new Error(`step ${i}: ${raw.error.code} ${raw.error.message}`);
      const answer = raw.result;
      sizes.push(raw.wireBytes);
      binary = raw.binary;
      previewOp = answer.previews[0]?.result?.op ?? answer.previews[0]?.error?.code ?? null;
      if (answer.report.frameIndex !== i || answer.thumbnails === null) throw new Error(`step ${i} answered wrongly`);
    }
    print({
      bench: 'rpc-step',
      variant,
      file: path.basename(hd),
      steps: steps.length,
      p50Ms: percentile(steps, 50),
      p99Ms: percentile(steps, 99),
      maxMs: Math.max(...steps),
      answerBytesP50: percentile(sizes, 50),
      binaryFrames: binary,
      preview: previewOp,
    });
  };
  if (!opensOnly) {
    await sequential('convert preview with its CPU reference', { op: 'convert', maxWidth: 256 });
    await sequential('convert preview alone', { op: 'convert', maxWidth: 256, reference: false });
  }

  // A held key: 60 requests a second for 10 s, frames advancing one per key press.
  const hold = async (mode) => {
    await must('open', { path: hd });
    await must('show', { target: { index: 0 }, options: bringBack });
    const shown = [];
    let superseded = 0;
    let outstanding = 0;
    let maxOutstanding = 0;
    let inFlight = null;
    let newest = null;
    const send = (index) => {
      outstanding += 1;
      maxOutstanding = Math.max(maxOutstanding, outstanding);
      return call('show', { target: { index }, options: bringBack }).then((r) => {
        outstanding -= 1;
        if (r.ok) shown.push({ index: r.result.report.frameIndex, at: performance.now() });
        else if (r.error.code === 'SUPERSEDED') superseded += 1;
        else throw new Error(`held key: ${r.error.code}`);
      });
    };
    // As the renderer sends: one in flight, only the newest waiting (renderer/src/store/latest-only.ts).
    const pump = async () => {
      while (newest !== null) {
        const index = newest;
        newest = null;
        await send(index);
      }
      inFlight = null;
    };
    const presses = 599; // frames 1..599 of the 600-frame clip, one per press: about 10 s at 60 a second
    const t0 = performance.now();
    for (let press = 1; press <= presses; press += 1) {
      const index = press;
      if (mode === 'renderer') {
        newest = index;
        inFlight ??= pump();
      } else {
        void send(index);
      }
      const due = t0 + (press * 1000) / 60;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    const lastRequested = presses;
    const until = performance.now() + 5_000;
    while ((shown.at(-1)?.index !== lastRequested || outstanding > 0) && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seconds = (performance.now() - t0) / 1000;
    const indices = shown.map((s) => s.index);
    print({
      bench: 'rpc-hold',
      mode,
      file: path.basename(hd),
      requests: presses,
      seconds,
      answered: shown.length,
      distinct: new Set(indices).size,
      distinctPerSecond: new Set(indices).size / ((presses * 1000) / 60 / 1000),
      inOrder: indices.every((v, k) => k === 0 || v > indices[k - 1]),
      lastShown: indices.at(-1) ?? null,
      lastRequested,
      superseded,
      maxOutstanding,
    });
  };
  if (!opensOnly) {
    await hold('renderer');
    await hold('blind');
  }
  socket.close();
} finally {
  proc.kill('SIGTERM');
  fs.rmSync(configDir, { recursive: true, force: true });
}
