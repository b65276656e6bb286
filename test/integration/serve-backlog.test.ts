// Serve mode counts each client's backlog wherever it queues: a client that does not read is held to its share (its
// requests wait, and past a few are refused with BUSY) instead of making the backend answer everything it asks.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { forkSpawner } from '../../electron/serve/fork-child';
import { startServer, type RunningServer } from '../../electron/serve/server';
import { DEFAULT_RESTART_POLICY } from '../../electron/supervisor/policy';
import { Supervisor } from '../../electron/supervisor/supervisor';
import { BLOB_BYTES, TestClient, writeScriptedBackend } from '../support/live/scripted-backend';

const TOKEN = 'serve-backlog-test-token';
const MIB = 1_048_576;
let dir: string;
let supervisor: Supervisor;
let server: RunningServer;
const clients: TestClient[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-backlog-'));
  supervisor = new Supervisor(forkSpawner(await writeScriptedBackend(dir), {}), DEFAULT_RESTART_POLICY);
  supervisor.start();
  // 2 MiB unread for each of 8 clients.
  server = await startServer({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    rendererDir: dir,
    allowHosts: [],
    supervisor,
    root: dir,
    maxClients: 8,
    unreadBudget: 16 * MIB,
  });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server.close();
  supervisor.stop();
  await rm(dir, { recursive: true, force: true });
});

async function connect(): Promise<TestClient> {
  const client = await TestClient.connect(server.port, TOKEN);
  clients.push(client);
  return client;
}

/** Blobs the backend has made, all clients together, once the number stops moving. */
async function settledBlobs(reader: TestClient, firstId: number): Promise<number> {
  let last = -1;
  let still = 0;
  for (let id = firstId; still < 4; id += 1) {
    const answer = await reader.call(id, 'count');
    const made = Object.values((answer.result?.blobs ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);
    still = made === last ? still + 1 : 0;
    last = made;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return last;
}

it('holds a client that does not read to its share: the backend is not made to answer what it cannot deliver', async () => {
  const reader = await connect();
  const lazy = await connect();
  lazy.ws.pause(); // reads nothing: answers stay in the socket's buffers
  const asked = 120; // 120 MiB of answers, far past the 2 MiB share and the 64 MiB socket cap
  for (let id = 1; id <= asked; id += 1) lazy.send(id, 'blob');
  const made = await settledBlobs(reader, 10_000);
  // The share, the requests in flight and what the kernel's socket buffers take: far fewer than asked.
  expect(made).toBeGreaterThan(0);
  expect(made).toBeLessThan(asked / 2);
  expect(lazy.ws.readyState).toBe(lazy.ws.OPEN); // held back, not closed
  expect((await reader.call(20_000, 'ping')).ok).toBe(true);

  // Once it reads, what waited is served; what came past the waiting room was refused with BUSY; nothing is lost.
  lazy.ws.resume();
  await Promise.all(Array.from({ length: asked }, (_, k) => lazy.answer(k + 1)));
  const answers = [...lazy.answers.values()];
  const ok = answers.filter((answer) => answer.ok);
  const busy = answers.filter((answer) => answer.error?.code === 'BUSY');
  expect(ok.length + busy.length).toBe(asked);
  expect(busy.length).toBeGreaterThan(0);
  expect((ok[0]?.result?.bytes as string).length).toBe(BLOB_BYTES);
  expect(await settledBlobs(reader, 30_000)).toBe(ok.length);
}, 120_000);

it('answers what waits with CANCELLED when the client cancels, and passes the cancel on at once', async () => {
  const lazy = await connect();
  lazy.ws.pause();
  for (let id = 1; id <= 40; id += 1) lazy.send(id, 'blob');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  lazy.send(99, 'cancel');
  lazy.ws.resume();
  expect(await lazy.answer(99)).toMatchObject({ ok: true, result: { method: 'cancel' } });
  const answers = await Promise.all(Array.from({ length: 40 }, (_, k) => lazy.answer(k + 1)));
  expect(answers.filter((answer) => answer.error?.code === 'CANCELLED').length).toBeGreaterThan(0);
  expect(answers.every((answer) => answer.ok || answer.error?.code === 'CANCELLED')).toBe(true);
}, 60_000);
