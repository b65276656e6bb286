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
import { call, openSocket, startServe, type Served } from '../support/live/serve';
import { ROOT } from '../support/paths';
import { decodeWireMessage } from '../../contract/wire-frame';

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
    socket.send(JSON.stringify({ kind: 'request', id, method: 'frame', params: { index: id % 48 } }));
  }
  await all;
  const busy = answers.filter((a) => (a.error as { code?: string } | undefined)?.code === 'BUSY');
  expect(busy.length).toBeGreaterThan(0);
  test.info().annotations.push({
    type: 'figure',
    description: `${total} requests at once: ${busy.length} answered BUSY, ${total - busy.length} served`,
  });
  expect((busy[0]?.error as { message: string }).message).toMatch(/^\d+ requests of this client are still queued/);
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
    expect(await call(socket, 'frame', { index: 3 }, 7)).toMatchObject({ ok: true });
    expect(await call(socket, 'saveCapture', { path: 'inside.zci' }, 8)).toMatchObject({ ok: true });
    socket.close();
  } finally {
    await served.stop();
    await rm(root, { recursive: true, force: true });
  }
});

test("clients that never read are held to serve mode's unread-answer budget together, each under its own cap", async () => {
  // 256 MiB of memory budget: 64 MiB of unread answers for all clients together. Two clients leave about 40 MiB
  // each unread, each under its own 64 MiB cap: together past the budget, so the one with the most is closed.
  test.setTimeout(120_000);
  const served = await startServe({ env: { ZCI_MEMORY_BUDGET_MIB: '256', ZCI_HOLD_FRAMES: '1' } });
  try {
    const request = (id: number, method: string, params: unknown): Buffer =>
      frame(TEXT, Buffer.from(JSON.stringify({ kind: 'request', id, method, params })));
    const sockets = [await rawSocket(served), await rawSocket(served)];
    const closed = sockets.map(
      (socket) =>
        new Promise<boolean>((resolve) => {
          socket.once('close', () => resolve(true));
          socket.on('error', () => undefined);
        }),
    );
    for (const socket of sockets) {
      socket.pause();
      socket.write(request(1, 'open', { path: path.join(ROOT, 'assets', 'sample.mp4') }));
    }
    let id = 2;
    for (let wave = 0; wave < 2; wave += 1) {
      for (const socket of sockets)
        for (let i = 0; i < 20; i += 1)
          socket.write(request(id++, 'readMemory', { index: 0, range: { offset: 0, length: 1_048_576 } }));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    await expectServing(served);
    for (const socket of sockets) socket.resume(); // read now: a closed socket's stream ends
    const ended = await Promise.all(
      closed.map((c) => Promise.race([c, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))])),
    );
    expect(ended.some(Boolean)).toBe(true);
    test
      .info()
      .annotations.push({ type: 'figure', description: `clients closed: ${ended.filter(Boolean).length} of 2` });
    for (const socket of sockets) socket.destroy();
    await expectServing(served);
  } finally {
    await served.stop();
  }
});

test('a client that never reads its socket is closed with 1008 at the buffer cap, and others are served', async ({
  served,
}) => {
  test.setTimeout(120_000);
  const socket = await rawSocket(served);
  socket.pause(); // never reads: every answer stays in the server's buffers
  const request = (id: number, method: string, params: unknown): Buffer =>
    frame(TEXT, Buffer.from(JSON.stringify({ kind: 'request', id, method, params })));
  socket.write(request(1, 'open', { path: path.join(ROOT, 'assets', 'sample.mp4') }));
  // 1 MiB answers in waves under the 32-request limit: about 1.5 times the 64 MiB cap in all.
  const waves = 4;
  const perWave = 24;
  let id = 2;
  for (let w = 0; w < waves; w += 1) {
    for (let i = 0; i < perWave; i += 1)
      socket.write(request(id++, 'readMemory', { index: 0, range: { offset: 0, length: 1_048_576 } }));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  await expectServing(served);
  // Read what reached this socket: the stream ends (the server closed it) short of the ~96 MiB asked for.
  let received = 0;
  const ended = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.once('close', () => resolve());
    socket.once('end', () => resolve());
  });
  socket.resume();
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  expect(socket.readableEnded || socket.destroyed).toBe(true);
  expect(received).toBeLessThan(waves * perWave * 1_048_576);
  test.info().annotations.push({
    type: 'figure',
    description: `the unread client was closed after ${(received / 1_048_576).toFixed(1)} MiB reached it`,
  });
  await expectServing(served);
});
