/** `npm start`'s launcher (out/launcher/start.js) run as a process, and the processes it leaves, read from /proc. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../support/paths';

/** The built launcher; the tests that need it skip without npm run build. */
export const LAUNCHER = path.join(ROOT, 'out', 'launcher', 'start.js');

/** True when the launcher, serve mode and the backend are built. */
export const launcherBuilt = [LAUNCHER, path.join(ROOT, 'out', 'serve', 'index.js')].every((file) => existsSync(file));

/** A running launcher: its process, what it printed so far, and its own config folder (which marks its backend). */
export interface Launched {
  proc: ChildProcess;
  configDir: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code or signal once the launcher has ended. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node out/launcher/start.js ARGS` with a fresh config folder (--config-dir, also the root of the files it
 * may open) and ENV added. `detached` puts it in a process group of its own, as a shell does a job.
 */
export async function launch(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  options: { detached?: boolean } = {},
): Promise<Launched> {
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'zci-launcher-'));
  const proc = spawn(process.execPath, [LAUNCHER, '--config-dir', configDir, '--root', configDir, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    detached: options.detached === true,
  });
  let out = '';
  let err = '';
  proc.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, configDir, stdout: () => out, stderr: () => err, ended };
}

/** Resolves once TEST holds for the launcher's output (polled), or rejects after MS with what it printed. */
export async function until(launched: Launched, test: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline)
      throw new Error(`timed out; stdout:\n${launched.stdout()}\nstderr:\n${launched.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The URL serve mode printed, once it has. */
export async function servedUrl(launched: Launched): Promise<URL> {
  const pattern = /serving at (http:\/\/\S+)/;
  await until(launched, () => pattern.test(launched.stdout()));
  return new URL(pattern.exec(launched.stdout())?.[1] ?? '');
}

/** The process's state letter from /proc (R, S, Z, …), or null when there is no such process. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

/** True while PID runs (a zombie, ended and waiting to be reaped, does not). */
export function running(pid: number): boolean {
  const state = stateOf(pid);
  return state !== null && state !== 'Z';
}

/** Every running process whose command line or environment holds MARKER (the launcher's config folder marks serve
 * mode's command line and the backend's environment), wherever it was re-parented. */
export function processesMarked(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8');
      if ((cmdline.includes(marker) || environ.includes(marker)) && running(Number(name))) found.push(Number(name));
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Waits up to MS for every process in PIDS to end; returns those still running. */
export async function stillRunningAfter(pids: readonly number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = pids.filter(running);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = left.filter(running);
  }
  return left;
}

/** Ends whatever a test left running under its config folder (SIGKILL), so a failed test leaves no orphans. */
export function killLeftovers(launched: Launched): void {
  for (const pid of processesMarked(launched.configDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (launched.proc.exitCode === null && launched.proc.signalCode === null) launched.proc.kill('SIGKILL');
}
