/**
 * Attacks on real serve mode from the same machine: malformed WebSocket frames, a reset before authentication,
 * a flooded queue, a link planted in the renderer folder, a redirect to another host. After each one the same
 * server process answers a new client.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/e2e/fixtures';
import { afterTestProbe, call, openSocket, peakMiB, startServe, type Served } from '../support/live/serve';
import { heldAnswers, unreadClient, type HeldAnswers, type UnreadClient } from '../support/live/unread-client';
import { ROOT } from '../support/paths';
import { MAX_PENDING_REQUESTS } from '../../contract/wire';
import { decodeWireMessage } from '../../contract/wire-frame';

const MIB = 1_048_576;

/** A raw TCP connection that has completed an authorised WebSocket handshake on /rpc. */
async function rawSocket(served: Served): Promise<net.Socket> {
  const socket = net.connect(served.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET /rpc?token=${served.token} HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.once('error', reject);
  });
  expect(head.startsWith('HTTP/1.1 101')).toBe(true);
  return socket;
}

/** One WebSocket frame: first byte (FIN, RSV, opcode), payload, masked unless told otherwise. */
function frame(first: number, payload: Buffer, masked = true): Buffer {
  const mask = masked ? randomBytes(4) : Buffer.alloc(0);
  const body = Buffer.from(payload);
  if (masked) for (let i = 0; i < body.length; i += 1) body[i] = (body[i] ?? 0) ^ (mask[i % 4] ?? 0);
  let length: Buffer;
  if (body.length < 126) length = Buffer.from([(masked ? 0x80 : 0) | body.length]);
  else if (body.length < 65536) {
    length = Buffer.alloc(3);
    length[0] = (masked ? 0x80 : 0) | 126;
    length.writeUInt16BE(body.length, 1);
  } else {
    length = Buffer.alloc(9);
    length[0] = (masked ? 0x80 : 0) | 127;
    length.writeBigUInt64BE(BigInt(body.length), 1);
  }
  return Buffer.concat([Buffer.from([first]), length, mask, body]);
}

/** Sends bytes on a raw socket and waits until the server closes it (or 5 s pass). */
async function sendAndAwaitClose(socket: net.Socket, bytes: Buffer): Promise<'closed' | 'open'> {
  const closed = new Promise<'closed'>((resolve) => {
    socket.once('close', () => resolve('closed'));
    socket.on('error', () => undefined);
  });
  socket.write(bytes);
  return Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5_000))]);
}

/** The server still answers a new client: a fresh WebSocket gets its settings; the time goes into the report. */
async function expectServing(served: Served): Promise<void> {
  const t0 = performance.now();
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`a new client was refused with ${opened.status}`);
  const answer = await call(opened.socket, 'getSettings', {}, 1);
  expect(answer).toMatchObject({ ok: true });
  opened.socket.close();
  test.info().annotations.push({
    type: 'figure',
    description: `a new client connected and was answered in ${(performance.now() - t0).toFixed(0)} ms`,
  });
}

const TEXT = 0x81;
const closeFrame = (code: number): Buffer => {
  const body = Buffer.alloc(2);
  body.writeUInt16BE(code, 0);
  return frame(0x88, body);
};

const MALFORMED: Record<string, Buffer> = {
  'oversize message': frame(TEXT, Buffer.alloc(128 * 1024, 0x78)),
  'invalid UTF-8': frame(TEXT, Buffer.from([0xc3, 0x28, 0xa0, 0xa1])),
  'unmasked frame': frame(TEXT, Buffer.from('{"kind":"request"}'), false),
  'reserved opcode': frame(0x83, Buffer.from('x')),
  'RSV bits set': frame(0xf1, Buffer.from('x')),
  'bad close code': closeFrame(1005),
  'fragmented control frame': frame(0x09, Buffer.from('ping')),
};

for (const [kind, bytes] of Object.entries(MALFORMED)) {
  test(`a malformed frame (${kind}) closes that connection only`, async ({ served }) => {
    const socket = await rawSocket(served);
    expect(await sendAndAwaitClose(socket, bytes)).toBe('closed');
    await expectServing(served);
  });
}

test('a connection reset before authentication ends that connection only', async ({ served }) => {
  for (let i = 0; i < 5; i += 1) {
    const socket = net.connect(served.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    socket.resetAndDestroy();
  }
  // Half a request, then a reset: the HTTP parser's error too.
  const half = net.connect(served.port, '127.0.0.1');
  half.on('error', () => undefined);
  await new Promise<void>((resolve) => half.once('connect', resolve));
  half.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  half.resetAndDestroy();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await expectServing(served);
});

test('a client that floods its queue gets BUSY with the depth, and others are answered', async ({ served }) => {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
  const { socket } = opened;
  await call(socket, 'open', { path: path.join(ROOT, 'test', 'fixtures', 'h264-1080p-420.mp4') }, 1);
  const answers: Record<string, unknown>[] = [];
  const total = 200;
  const all = new Promise<void>((resolve) => {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const message = decodeWireMessage(isBinary ? data : data.toString()) as Record<string, unknown>;
      if (message.kind !== 'response') return;
      answers.push(message);
      if (answers.length === total) resolve();
    });
  });
  for (let id = 100; id < 100 + total; id += 1) {
    socket.send(JSON.stringify({ kind: 'request', id, method: 'show', params: { target: { index: id % 48 } } }));
  }
  await all;
  const busy = answers.filter((a) => (a.error as { code?: string } | undefined)?.code === 'BUSY');
  expect(busy.length).toBeGreaterThan(0);
  test.info().annotations.push({
    type: 'figure',
    description: `${total} requests at once: ${busy.length} answered BUSY, ${total - busy.length} served`,
  });
  // Serve mode passes a few of one client's requests to the backend at a time; the rest wait, and past a full waiting
  // room are BUSY, with its depth.
  expect((busy[0]?.error as { message: string }).message).toMatch(
    new RegExp(`^${MAX_PENDING_REQUESTS} requests of this client already wait`),
  );
  expect(answers.filter((a) => a.ok === true).length).toBeGreaterThan(0);
  await expectServing(served);
  socket.close();
});

test('a link planted in the renderer folder is not followed', async ({ served }) => {
  const planted = path.join(ROOT, 'out', 'renderer', 'planted-link.txt');
  await rm(planted, { force: true });
  await symlink('/etc/hostname', planted);
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: served.port,
          path: '/planted-link.txt',
          headers: { authorization: `Bearer ${served.token}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
  } finally {
    await rm(planted, { force: true });
  }
  await expectServing(served);
});

test('the token redirect stays on this server', async ({ served }) => {
  const location = await new Promise<string | undefined>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: served.port, path: `/.//evil.example/x?token=${served.token}` },
      (res) => {
        res.resume();
        resolve(res.headers.location);
      },
    );
    req.on('error', reject);
    req.end();
  });
  expect(location).toBe('/evil.example/x');
  await expectServing(served);
});

test('serve mode reaches only its root: outside, existing or not, one refusal', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'zci-root-'));
  await copyFile(path.join(ROOT, 'test', 'fixtures', 'h264-odd-642x362.mp4'), path.join(root, 'clip.mp4'));
  await symlink('/etc', path.join(root, 'etc-link'));
  const served = await startServe({ root });
  try {
    const opened = await openSocket(served);
    if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
    const { socket } = opened;
    expect(await call(socket, 'open', { path: 'clip.mp4' }, 1)).toMatchObject({ ok: true });
    const refusals = [];
    for (const [id, target] of [
      [2, '/etc/hostname'],
      [3, '/etc/no-such-file.mp4'],
      [4, '../outside.mp4'],
      [5, 'etc-link/hostname'],
    ] as const) {
      const answer = await call(socket, 'open', { path: target }, id);
      expect(answer).toMatchObject({ ok: false, error: { code: 'PATH_OUTSIDE_ROOT' } });
      refusals.push((answer.error as { message: string }).message.replace(target, 'PATH'));
    }
    // The same words whether the file exists or not: no oracle for what lies outside.
    expect(new Set(refusals).size).toBe(1);
    expect(await call(socket, 'saveCapture', { path: '/tmp/escape.zci' }, 6)).toMatchObject({
      ok: false,
      error: { code: 'PATH_OUTSIDE_ROOT' },
    });
    expect(await call(socket, 'show', { target: { index: 3 } }, 7)).toMatchObject({ ok: true });
    expect(await call(socket, 'saveCapture', { path: 'inside.zci' }, 8)).toMatchObject({ ok: true });
    socket.close();
  } finally {
    await served.stop();
    await rm(root, { recursive: true, force: true });
  }
});

/** Requests for 1 MiB of frame 0's memory, in waves a little apart, from a client that does not read; their ids. */
async function askInWaves(client: UnreadClient, firstId: number, waves: number, perWave: number): Promise<number[]> {
  const ids: number[] = [];
  for (let w = 0; w < waves; w += 1) {
    for (let i = 0; i < perWave; i += 1) {
      const id = firstId + ids.length;
      client.send(id, 'readMemory', { index: 0, range: { offset: 0, length: MIB } });
      ids.push(id);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  return ids;
}

/**
 * What a client that did not read was answered, checked: every request once, none lost; some served and the rest
 * BUSY; and at least a full waiting room of requests answered after the first BUSY, so they waited for it to read.
 */
function expectHeldBack(client: UnreadClient, ids: readonly number[]): HeldAnswers {
  const answers = heldAnswers(client.arrived, ids);
  expect(client.closedWith(), 'held back, not closed').toBeNull();
  expect(new Set(client.arrived.map((a) => a.id)).size, 'each request answered once').toBe(client.arrived.length);
  expect(answers.served + answers.busy.length).toBe(ids.length);
  expect(answers.otherErrors).toEqual([]);
  expect(answers.busy.length).toBeGreaterThan(0);
  expect(answers.busy[0]?.message).toMatch(/^\d+ requests of this client already wait for it to read its answers/);
  expect(answers.servedAfterBusy).toBeGreaterThanOrEqual(MAX_PENDING_REQUESTS);
  expect(answers.served - answers.servedAfterBusy, 'answered before it was held').toBeGreaterThan(0);
  return answers;
}

/** The figure a test records for one client that did not read. */
function heldWords(asked: number, answers: HeldAnswers): string {
  return (
    `${asked} requests of 1 MiB while not reading: ${answers.served - answers.servedAfterBusy} answered before ` +
    `the first BUSY, ${answers.busy.length} BUSY, ${answers.servedAfterBusy} answered after it`
  );
}

test("clients that never read are each held to their share of serve mode's unread-answer budget, and none is closed", async () => {
  // 256 MiB of memory budget: 64 MiB of unread answers for all clients together, 8 MiB for each of 8 clients. Two
  // clients that do not read ask for 96 MiB each: each is held to its share, its requests wait or are BUSY.
  test.setTimeout(150_000);
  const served = await startServe({ env: { ZCI_MEMORY_BUDGET_MIB: '256', ZCI_HOLD_FRAMES: '1' } });
  try {
    const clients = [await unreadClient(served), await unreadClient(served)];
    for (const client of clients) client.send(1, 'open', { path: path.join(ROOT, 'assets', 'sample.mp4') });
    const asked = await Promise.all(clients.map((client) => askInWaves(client, 2, 4, 24)));
    await expectServing(served);
    for (const [k, client] of clients.entries()) await client.read([1, ...(asked[k] ?? [])], 60_000);
    for (const [k, client] of clients.entries()) {
      const ids = asked[k] ?? [];
      const answers = expectHeldBack(client, ids);
      test
        .info()
        .annotations.push({ type: 'figure', description: `client ${k + 1}: ${heldWords(ids.length, answers)}` });
      // Still served on the same connection once it reads.
      expect(await call(client.socket, 'getSettings', {}, 10_000)).toMatchObject({ ok: true });
      client.socket.close();
    }
    const after = await afterTestProbe(served);
    expect(after.alive).toBe(true);
    expect(after.answeredMs).not.toBeNull();
    expect(after.backendPeakMiB ?? Number.NaN).toBeLessThanOrEqual((after.budgetMiB ?? Number.NaN) * 1.1);
    test.info().annotations.push({ type: 'after', description: JSON.stringify(after) });
  } finally {
    await served.stop();
  }
});

test('a client that never reads its socket is held back, not closed: its requests wait or are BUSY, all are answered once it reads, and others are served', async ({
  served,
}) => {
  test.setTimeout(150_000);
  const client = await unreadClient(served);
  client.send(1, 'open', { path: path.join(ROOT, 'assets', 'sample.mp4') });
  const before = peakMiB(served.pid) ?? Number.NaN;
  // 144 MiB asked for in waves, over any share of the default budget (at most half the 64 MiB socket cap) with the
  // kernel's socket buffers and a full waiting room beside it.
  const ids = await askInWaves(client, 2, 6, 24);
  await expectServing(served);
  const held = peakMiB(served.pid) ?? Number.NaN;
  await client.read([1, ...ids], 90_000);
  const answers = expectHeldBack(client, ids);
  // Held to its share, serve mode keeps a part of what was asked for in memory, never all of it.
  expect(held - before, "serve mode's growth in MiB").toBeLessThan(ids.length / 2);
  test.info().annotations.push({
    type: 'figure',
    description: `${heldWords(ids.length, answers)}; serve mode's peak grew by ${held - before} MiB while it did not read`,
  });
  expect(await call(client.socket, 'getSettings', {}, 10_000)).toMatchObject({ ok: true });
  client.socket.close();
  await expectServing(served);
});
