// The supervisor's memory limit on a real process: a child that keeps allocating is killed past the limit, the
// supervisor says why, before restarting it; a child under the limit is left alone. Behind serve mode, a kill that a
// client's request caused is put down to that request and never ends serve mode; one of the backend's own still counts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { forkSpawner } from '../../electron/serve/fork-child';
import { startServer, type RunningServer } from '../../electron/serve/server';
import { residentBytes } from '../../electron/supervisor/memory-watch';
import { DEFAULT_RESTART_POLICY } from '../../electron/supervisor/policy';
import { Supervisor, type Culprit } from '../../electron/supervisor/supervisor';
import { TestClient, writeScriptedBackend, type Answer } from '../support/live/scripted-backend';

const MIB = 1_048_576;
const TOKEN = 'memory-watch-test-token';
let dir: string;
let supervisor: Supervisor | null = null;
let server: RunningServer | null = null;
const clients: TestClient[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-watch-'));
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
  server = null;
  supervisor?.stop();
  supervisor = null;
  await rm(dir, { recursive: true, force: true });
});

/** Serve mode's server in front of the supervisor, with a client. */
async function serveWith(sup: Supervisor): Promise<RunningServer> {
  server = await startServer({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    rendererDir: dir,
    allowHosts: [],
    supervisor: sup,
    root: dir,
  });
  return server;
}

async function connect(running: RunningServer): Promise<TestClient> {
  const client = await TestClient.connect(running.port, TOKEN);
  clients.push(client);
  return client;
}

/** Asks until the backend answers (a restart in progress answers BACKEND_RESTARTED); the answer that came. */
async function served(client: TestClient, firstId: number): Promise<Answer> {
  for (let id = firstId; id < firstId + 200; id += 1) {
    const answer = await client.call(id, 'ping');
    if (answer.ok || answer.error?.code !== 'BACKEND_RESTARTED') return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the backend never came back');
}

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

it('puts a kill past the limit down to the client request that caused it: refused, never counted, others served', async () => {
  // A window longer than the test: every kill falls inside it, however slow the machine.
  const policy = { ...DEFAULT_RESTART_POLICY, windowMs: 30 * 60_000 };
  supervisor = new Supervisor(forkSpawner(await writeScriptedBackend(dir), {}), policy, Date.now, 192 * MIB);
  const gaveUp = vi.fn();
  supervisor.on('gaveUp', gaveUp);
  const blamed: Culprit[] = [];
  supervisor.on('exited', (_reason, culprit) => culprit !== null && blamed.push(culprit));
  supervisor.start();
  const running = await serveWith(supervisor);
  const offender = await connect(running);
  const other = await connect(running);
  const rounds = policy.maxRestarts + 3;
  for (let round = 0; round < rounds; round += 1) {
    // A new file each time: the cool-down refuses only the one that drove the backend past its limit.
    const file = path.join(dir, `heavy-${round}.mp4`);
    await writeFile(file, '');
    const answer = await offender.call(1000 + round * 2, 'open', { path: file });
    expect(answer.error?.code, JSON.stringify(answer)).toBe('MEMORY_BUDGET_EXCEEDED');
    expect(answer.error?.message).toMatch(/passed its memory limit .* put down to this request, and .*heavy-/);
    expect(blamed.at(-1)).toMatchObject({ clientId: expect.any(String), requestId: 1000 + round * 2, file });
    // The same file at once again: refused here, before the backend sees it.
    const again = await offender.call(1001 + round * 2, 'open', { path: `./heavy-${round}.mp4` });
    expect(again.error).toMatchObject({
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringContaining('refused for another'),
    });
    expect((await served(other, 10_000 + round * 200)).ok).toBe(true);
  }
  expect(blamed).toHaveLength(rounds);
  expect(gaveUp).not.toHaveBeenCalled();
  expect(supervisor.child()).not.toBeNull();
}, 180_000);

it('still gives up when the backend passes its limit with no client request in flight', async () => {
  const quick = { ...DEFAULT_RESTART_POLICY, baseDelayMs: 10, maxDelayMs: 40 };
  supervisor = new Supervisor(forkSpawner(await grower(1024), {}), quick, Date.now, 128 * MIB);
  const culprits: (Culprit | null)[] = [];
  supervisor.on('exited', (_reason, culprit) => culprits.push(culprit));
  const gaveUp = new Promise<string>((resolve) => supervisor?.once('gaveUp', resolve));
  supervisor.start();
  const running = await serveWith(supervisor);
  await connect(running); // attached, asking nothing
  expect(await gaveUp).toBe(`the backend stopped ${quick.maxRestarts + 1} times within 60 s`);
  expect(culprits).toEqual(Array(quick.maxRestarts + 1).fill(null));
}, 120_000);
