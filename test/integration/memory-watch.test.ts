// The supervisor's memory limit on a real process: a child that keeps allocating is killed past the limit, the
// supervisor says why, before restarting it; a child under the limit is left alone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { forkSpawner } from '../../electron/serve/fork-child';
import { residentBytes } from '../../electron/supervisor/memory-watch';
import { DEFAULT_RESTART_POLICY } from '../../electron/supervisor/policy';
import { Supervisor } from '../../electron/supervisor/supervisor';

const MIB = 1_048_576;
let dir: string;
let supervisor: Supervisor | null = null;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-watch-'));
});

afterEach(async () => {
  supervisor?.stop();
  supervisor = null;
  await rm(dir, { recursive: true, force: true });
});

/** A child that touches `mib` MiB, 16 MiB at a time, then idles. */
async function grower(mib: number): Promise<string> {
  const file = path.join(dir, `grow-${mib}.cjs`);
  await writeFile(
    file,
    `const held = []; const t = setInterval(() => { if (held.length * 16 >= ${mib}) return clearInterval(t);` +
      ` held.push(Buffer.alloc(16 * 1024 * 1024, 1)); }, 5); setInterval(() => {}, 1000);`,
  );
  return file;
}

it('reads a process’s resident memory from /proc', () => {
  const own = residentBytes(process.pid);
  expect(own).toBeGreaterThan(10 * MIB);
  expect(residentBytes(2 ** 30)).toBeNull();
});

it('kills a child that passes its memory limit, says so, and restarts it', async () => {
  const limit = 256 * MIB;
  supervisor = new Supervisor(forkSpawner(await grower(1024), {}), DEFAULT_RESTART_POLICY, Date.now, limit);
  const exited = new Promise<string>((resolve) => supervisor?.once('exited', resolve));
  const restarted = new Promise<string>((resolve) => supervisor?.once('restarted', (event) => resolve(event.reason)));
  const first = supervisor.start();
  const reason = await exited;
  expect(reason).toMatch(/passed its memory limit \((\d+) MiB resident, limit 256 MiB\)/);
  const resident = Number(/\((\d+) MiB resident/.exec(reason)?.[1]);
  expect(resident).toBeGreaterThanOrEqual(256); // MiB, rounded: the limit was passed by some bytes
  expect(resident).toBeLessThan(1024); // stopped on the way, not at the end
  expect(await restarted).toBe(reason);
  expect(supervisor.child()?.pid).not.toBe(first.pid);
});

it('leaves a child under its limit alone', async () => {
  supervisor = new Supervisor(forkSpawner(await grower(64), {}), DEFAULT_RESTART_POLICY, Date.now, 512 * MIB);
  let exits = 0;
  supervisor.on('exited', () => (exits += 1));
  const child = supervisor.start();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(exits).toBe(0);
  expect(residentBytes(child.pid ?? -1)).toBeGreaterThan(64 * MIB);
});
