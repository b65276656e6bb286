import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { forkSpawner } from '../../electron/serve/fork-child';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-fork-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The kernel's state letter of a process (Z: dead, not yet reaped), or null once it is gone. */
function stateOf(pid: number): string | null {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

it('a message to a backend that died before its exit was seen is dropped, and serve mode lives on', async () => {
  // A child that listens to its parent and never answers: only the channel matters here.
  const entry = path.join(dir, 'child.mjs');
  await writeFile(entry, "process.on('message', () => undefined); setInterval(() => undefined, 1000);\n");
  const handle = forkSpawner(entry, {})();
  const pid = handle.pid as number;
  const exited = new Promise<string | null>((resolve) => handle.onExit((_code, signal) => resolve(signal)));
  handle.send({ type: 'detach', clientId: 'before' });
  handle.kill('SIGKILL');
  // Held here, synchronously, until the kernel has ended it: the parent has not seen the exit, and the channel still
  // says connected, as when a request reaches serve mode in the instant after a crash. The write then fails (EPIPE).
  const deadline = Date.now() + 5_000;
  while (stateOf(pid) === 'S' || stateOf(pid) === 'R') if (Date.now() > deadline) throw new Error('not ended');
  for (let i = 0; i < 64; i += 1) handle.send({ type: 'message', clientId: 'a', data: `{"n":${i}}` });
  expect(await exited).toBe('SIGKILL');
  // An 'error' nobody listened to would have ended this process by now; give it the turns it would need.
  await new Promise((resolve) => setTimeout(resolve, 50));
});
