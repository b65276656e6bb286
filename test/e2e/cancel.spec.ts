import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/e2e/fixtures';
import { call, openSocket } from '../support/live/serve';
import { ROOT } from '../support/paths';
import { decodeWireMessage } from '../../contract/wire-frame';

test("cancel stops a client's queued and running frame requests; they answer CANCELLED", async ({ served }) => {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
  const { socket } = opened;
  expect(await call(socket, 'open', { path: path.join(ROOT, 'assets', 'sample.mp4') }, 1)).toMatchObject({ ok: true });
  const answers = new Map<number, Record<string, unknown>>();
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const message = decodeWireMessage(isBinary ? data : data.toString()) as Record<string, unknown>;
    if (message.kind === 'response' && typeof message.id === 'number') answers.set(message.id, message);
  });
  // Far frames in alternating order: each one seeks and decodes a GOP, so the queue holds work for a while.
  const ids: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const id = 10 + i;
    ids.push(id);
    socket.send(
      JSON.stringify({ kind: 'request', id, method: 'show', params: { target: { index: i % 2 === 0 ? 95 : 2 } } }),
    );
  }
  const sent = Date.now();
  const cancel = await call(socket, 'cancel', {}, 99);
  expect(cancel).toMatchObject({ ok: true });
  expect((cancel.result as { cancelled: number }).cancelled).toBeGreaterThan(0);
  await expect.poll(() => ids.every((id) => answers.has(id)), { timeout: 60_000 }).toBe(true);
  test
    .info()
    .annotations.push({ type: 'figure', description: `every request answered ${Date.now() - sent} ms after cancel` });
  const codes = ids.map((id) => (answers.get(id)?.error as { code?: string } | undefined)?.code ?? 'ok');
  // Serve mode passes a few of the client's requests to the backend at a time; the rest wait in serve mode. In the
  // backend latest wins: each request still waiting there when a newer one came was answered SUPERSEDED at once.
  // The cancel stops the one running and the newest waiting there, and answers those waiting in serve mode
  // CANCELLED. None is decoded to the end.
  const superseded = codes.filter((code) => code === 'SUPERSEDED').length;
  const cancelled = codes.filter((code) => code === 'CANCELLED').length;
  expect(superseded).toBeGreaterThanOrEqual(1);
  expect(cancelled).toBeGreaterThanOrEqual(1);
  expect(superseded + cancelled).toBe(ids.length);
  test.info().annotations.push({ type: 'figure', description: `${superseded} SUPERSEDED, ${cancelled} CANCELLED` });
  // The session still works after a cancel.
  expect(await call(socket, 'show', { target: { index: 7 } }, 200)).toMatchObject({
    ok: true,
    result: { report: { frameIndex: 7 } },
  });
  socket.close();
});

test('cancel stops a capture in flight: CANCELLED, and no file is left behind', async ({ served }) => {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
  const { socket } = opened;
  expect(await call(socket, 'open', { path: path.join(ROOT, 'assets', 'sample.mp4') }, 1)).toMatchObject({ ok: true });
  const target = path.join(served.configDir, 'cancelled.zci');
  const saving = call(socket, 'saveCapture', { path: target, frames: { from: 0, to: 95 } }, 2);
  await new Promise((resolve) => setTimeout(resolve, 400));
  const t0 = Date.now();
  expect(await call(socket, 'cancel', {}, 3)).toMatchObject({ ok: true, result: { cancelled: 1 } });
  const answer = await saving;
  const stoppedMs = Date.now() - t0;
  expect(answer).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
  // The capture of 96 frames was cut short (CANCELLED, no file); the time is a figure, not a bound.
  test
    .info()
    .annotations.push({ type: 'figure', description: `a 96-frame capture stopped ${stoppedMs} ms after cancel` });
  expect(existsSync(target)).toBe(false);
  socket.close();
});
