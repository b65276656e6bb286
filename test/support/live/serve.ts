/** Starts the real serve mode (built backend, real addon) for one test, and talks to it from Node. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { decodeWireMessage } from '../../../contract/wire-frame';
import { ROOT } from '../paths';

/** A running serve mode. */
export interface Served {
  url: string;
  origin: string;
  port: number;
  token: string;
  configDir: string;
  tokenFile: string;
  output: string[];
  /** The serve process. */
  pid: number;
  /** True while the serve process runs. */
  alive(): boolean;
  stop(): Promise<void>;
}

/** Starts `node out/serve/index.js --port 0` with a fresh config folder; resolves once it prints its URL. */
export async function startServe(options: { root?: string; env?: Record<string, string> } = {}): Promise<Served> {
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'zci-e2e-'));
  const tokenFile = path.join(configDir, 'token');
  const proc: ChildProcess = spawn(
    process.execPath,
    [
      path.join(ROOT, 'out', 'serve', 'index.js'),
      '--port',
      '0',
      '--config-dir',
      configDir,
      '--token-file',
      tokenFile,
      // The tests reach fixtures in the repository and files in temporary folders; the root's own tests narrow it.
      '--root',
      options.root ?? '/',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve mode printed no URL:\n${output.join('')}`)), 20_000);
    const read = (chunk: Buffer): void => {
      output.push(chunk.toString());
      const match = /serving at (http:\/\/\S+)/.exec(output.join(''));
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout?.on('data', read);
    proc.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    proc.on('exit', (code) => reject(new Error(`serve mode exited with ${code}:\n${output.join('')}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token') ?? '',
    configDir,
    tokenFile,
    output,
    pid: proc.pid ?? -1,
    alive: () => proc.exitCode === null && proc.signalCode === null,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      await rm(configDir, { recursive: true, force: true });
    },
  };
}

/** Opens an RPC WebSocket from Node with chosen headers; resolves with the socket or the refusal status. */
export function openSocket(
  served: Served,
  options: { token?: string | null; host?: string; origin?: string } = {},
): Promise<{ socket: WebSocket } | { status: number }> {
  const token = options.token === undefined ? served.token : options.token;
  const query = token === null ? '' : `?token=${token}`;
  const headers: Record<string, string> = {};
  if (options.host !== undefined) headers.host = options.host;
  const socket = new WebSocket(`ws://127.0.0.1:${served.port}/rpc${query}`, {
    headers,
    ...(options.origin !== undefined ? { origin: options.origin } : {}),
  });
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    socket.once('error', () => resolve({ status: -1 }));
  });
}

/** Calls one method over an open socket and returns the response message. */
export function call(socket: WebSocket, method: string, params: unknown, id = 1): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer, isBinary: boolean): void => {
      const message = decodeWireMessage(isBinary ? data : data.toString()) as Record<string, unknown>;
      if (message.kind === 'response' && message.id === id) {
        socket.off('message', onMessage);
        resolve(message);
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ kind: 'request', id, method, params }));
  });
}

/** Where a screenshot for the docs goes. */
export function screenshotPath(name: string): string {
  return path.join(ROOT, 'docs', 'screenshots', `${name}.png`);
}

/** The peak resident memory of a process so far (VmHWM), in MiB, or null when it cannot be read. */
export function peakMiB(pid: number): number | null {
  try {
    const kib = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? null : Math.round(Number(kib) / 1024);
  } catch {
    return null;
  }
}

/** What afterTestProbe saw. */
export interface AfterTest {
  alive: boolean;
  answeredMs: number | null;
  servePeakMiB: number | null;
  backendPeakMiB: number | null;
  /** The backend's memory budget. */
  budgetMiB: number | null;
}

/**
 * After a test: whether serve mode still runs, a new client's first answer and its time, and the peak memory of the
 * serve process and of the backend now running (a restarted backend's own peak).
 */
export async function afterTestProbe(served: Served): Promise<AfterTest> {
  if (!served.alive())
    return { alive: false, answeredMs: null, servePeakMiB: null, backendPeakMiB: null, budgetMiB: null };
  const t0 = performance.now();
  const opened = await openSocket(served);
  if (!('socket' in opened))
    return { alive: true, answeredMs: null, servePeakMiB: peakMiB(served.pid), backendPeakMiB: null, budgetMiB: null };
  const answer = (await call(opened.socket, 'samplePath', {}, 1)) as { ok: boolean };
  const answeredMs = Math.round(performance.now() - t0);
  const env = (await call(opened.socket, 'environment', {}, 2)) as {
    ok: boolean;
    result?: { backend: { pid: number }; budgets?: { memoryBytes: number } };
  };
  opened.socket.close();
  return {
    alive: true,
    answeredMs: answer.ok ? answeredMs : null,
    servePeakMiB: peakMiB(served.pid),
    backendPeakMiB: env.result === undefined ? null : peakMiB(env.result.backend.pid),
    budgetMiB: env.result?.budgets === undefined ? null : Math.round(env.result.budgets.memoryBytes / 1_048_576),
  };
}
