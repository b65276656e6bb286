// The restart loop of issue 36, tried again: serve mode at --memory-budget 1024, one client repeating an open of the
// 4:4:4 file at the pixel budget (it holds about 2.4 GiB) for five minutes, another client asking all along. Before,
// each open restarted the backend and the sixth restart in a minute ended serve mode. Written as one JSON object:
// whether serve mode still served at the end, how each offending open was answered, how fast the other client was
// answered (every request timed), the backend's restarts and the peak resident memory of serve mode and the backend.
//
//   node scripts/reliability/restart-loop.mjs OUT.json   (RESTART_LOOP_SECONDS shortens the 300 s; needs npm run build)
//
// The offender alternates two containers of the same stream: MP4, whose header the backend reads and charges before
// opening, and NUT, which it does not read and charges once the addon has opened it (then closes it again).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outFile = process.argv[2];
if (outFile === undefined) {
  process.stderr.write('usage: node scripts/reliability/restart-loop.mjs OUT.json\n');
  process.exit(2);
}
const seconds = Number(process.env.RESTART_LOOP_SECONDS ?? 300);
const BUDGET_MIB = 1024;
const ANSWER_LIMIT_MS = 1000;
const work = mkdtempSync(path.join(os.tmpdir(), 'zci-restart-loop-'));

/** The file an attacker opens: made once, then the same stream in a container the backend does not read. */
const big = path.join(work, 'budget-444.mp4');
const bigNut = path.join(work, 'budget-444.nut');
execFileSync(path.join(root, 'scripts', 'memory', 'make-budget-444.sh'), [big]);
execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', big, '-c', 'copy', bigNut]);

/** The peak resident memory of a process so far (VmHWM), in MiB, or null. */
function peakMiB(pid) {
  try {
    const kib = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? null : Math.round(Number(kib) / 1024);
  } catch {
    return null;
  }
}

/** A wire message: JSON text, or a binary frame ("ZCB1", a little-endian header length, the JSON header). */
function decode(data, isBinary) {
  if (!isBinary) return JSON.parse(data.toString());
  const length = data.readUInt32LE(4);
  return JSON.parse(data.subarray(8, 8 + length).toString()).message;
}

const serve = spawn(
  process.execPath,
  [
    path.join(root, 'out', 'serve', 'index.js'),
    ...['--port', '0', '--config-dir', path.join(work, 'config'), '--token-file', path.join(work, 'token')],
    ...['--root', '/', '--memory-budget', String(BUDGET_MIB)],
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
);
const output = [];
serve.stdout.on('data', (chunk) => output.push(chunk.toString()));
serve.stderr.on('data', (chunk) => output.push(chunk.toString()));
const url = await new Promise((resolve, reject) => {
  const timer = setInterval(() => {
    const match = /serving at (http:\/\/\S+)/.exec(output.join(''));
    if (match !== null) {
      clearInterval(timer);
      resolve(new URL(match[1]));
    }
  }, 50);
  serve.once('exit', (code) => reject(new Error(`serve mode exited with ${code}:\n${output.join('')}`)));
});

/** A client: one socket, requests answered in order of their ids. */
async function client() {
  const socket = new WebSocket(`ws://127.0.0.1:${url.port}/rpc?token=${url.searchParams.get('token')}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const waiting = new Map();
  let id = 0;
  socket.on('message', (data, isBinary) => {
    const message = decode(data, isBinary);
    if (message.kind !== 'response') return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return {
    call: (method, params) =>
      new Promise((resolve) => {
        id += 1;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ kind: 'request', id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const offender = await client();
const other = await client();
const backendPids = new Set();
const pidOf = (answer) => answer?.result?.backend?.pid;
backendPids.add(pidOf(await other.call('environment', {})));
const opened = await other.call('open', { path: path.join(root, 'test', 'fixtures', 'h264-1080p-420.mp4') });
if (!opened.ok) throw new Error(`the other client's open failed: ${JSON.stringify(opened.error)}`);
const frames = opened.result.info.frameCount;
// The frame method of this build: show (target and options), or frame (index) before it.
const probe = await other.call('show', { target: { index: 0 } });
const step = (index) =>
  probe.ok || probe.error?.code !== 'INVALID_ARGUMENT'
    ? other.call('show', { target: { index } })
    : other.call('frame', { index });

const started = Date.now();
const deadline = started + seconds * 1000;
const offending = { attempts: 0, codes: {}, byContainer: { mp4: {}, nut: {} }, slowestMs: 0 };
const answers = { requests: 0, failures: 0, codes: {}, overLimit: 0, slowestMs: 0, totalMs: 0 };

async function attack() {
  for (let i = 0; Date.now() < deadline; i += 1) {
    const file = i % 2 === 0 ? big : bigNut;
    const t0 = Date.now();
    const answer = await offender.call('open', { path: file });
    const ms = Date.now() - t0;
    const code = answer.ok ? 'OPENED' : answer.error.code;
    const container = file === big ? 'mp4' : 'nut';
    offending.attempts += 1;
    offending.codes[code] = (offending.codes[code] ?? 0) + 1;
    offending.byContainer[container][code] = (offending.byContainer[container][code] ?? 0) + 1;
    offending.slowestMs = Math.max(offending.slowestMs, ms);
    if (offending.example === undefined && !answer.ok) offending.example = answer.error;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function ask() {
  for (let i = 0; Date.now() < deadline; i += 1) {
    const t0 = Date.now();
    const answer = await (i % 2 === 0 ? other.call('environment', {}) : step(i % frames));
    const ms = Date.now() - t0;
    answers.requests += 1;
    answers.totalMs += ms;
    answers.slowestMs = Math.max(answers.slowestMs, ms);
    if (ms > ANSWER_LIMIT_MS) answers.overLimit += 1;
    if (!answer.ok) {
      answers.failures += 1;
      answers.codes[answer.error.code] = (answers.codes[answer.error.code] ?? 0) + 1;
    } else if (i % 2 === 0) backendPids.add(pidOf(answer));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

await Promise.all([attack(), ask()]);
// Serve mode at the end: still running, and a new client answered.
const alive = serve.exitCode === null && serve.signalCode === null;
let lastAnswerMs = null;
if (alive) {
  const late = await client();
  const t0 = Date.now();
  const env = await late.call('environment', {});
  lastAnswerMs = env.ok ? Date.now() - t0 : null;
  if (env.ok) backendPids.add(pidOf(env));
  late.close();
}
const backendPid = [...backendPids].at(-1);
const text = output.join('');
const summary = {
  seconds: Math.round((Date.now() - started) / 1000),
  memoryBudgetMiB: BUDGET_MIB,
  offendingFile: { codedWidth: 8192, codedHeight: 4352, pixelFormat: 'yuv444p', referenceFrames: 16 },
  serveAlive: alive,
  newClientAnsweredMs: lastAnswerMs,
  gaveUp: /^giving up:/m.test(text),
  restarts: (text.match(/\(restart \d+\)/g) ?? []).length,
  backendPids: backendPids.size,
  offending,
  otherClient: { ...answers, meanMs: Math.round(answers.totalMs / Math.max(1, answers.requests)) },
  answerLimitMs: ANSWER_LIMIT_MS,
  servePeakMiB: peakMiB(serve.pid),
  backendPeakMiB: backendPid === undefined ? null : peakMiB(backendPid),
  cores: os.availableParallelism(),
};
offender.close();
other.close();
serve.kill('SIGTERM');
await new Promise((resolve) => serve.once('exit', resolve));
rmSync(work, { recursive: true, force: true });
writeFileSync(outFile, `${JSON.stringify(summary, null, 2)}\n`);
// What serve mode printed (restarts, refusals it attributed), beside the figures; the temporary folder's name is left out.
writeFileSync(outFile.replace(/\.json$/, '') + '.log', text.split(work).join('.'));
process.stdout.write(`${JSON.stringify(summary)}\n`);
const held =
  summary.serveAlive &&
  !summary.gaveUp &&
  summary.offending.attempts > 0 &&
  Object.keys(summary.offending.codes).every((code) => code === 'MEMORY_BUDGET_EXCEEDED') &&
  summary.otherClient.failures === 0 &&
  summary.otherClient.overLimit === 0;
process.exitCode = held ? 0 : 1;
