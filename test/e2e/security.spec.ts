import { stat } from 'node:fs/promises';
import http from 'node:http';
import { expect, test } from '../support/e2e/fixtures';
import { call, openSocket, type Served } from '../support/live/serve';

/** A raw HTTP GET with chosen headers, so Host can be forged. */
function get(served: Served, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: served.port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('HTTP needs the token, the right Host and no foreign Origin', async ({ served }) => {
  const tokened = `/?token=${served.token}`;
  expect(await get(served, '/')).toBe(401);
  expect(await get(served, '/?token=wrong')).toBe(401);
  expect(await get(served, '/assets/')).toBe(401);
  expect(await get(served, tokened)).toBe(303);
  expect(await get(served, tokened, { host: `evil.example:${served.port}` })).toBe(403);
  expect(await get(served, tokened, { origin: 'http://evil.example' })).toBe(403);
  expect(await get(served, '/../../etc/passwd', { authorization: `Bearer ${served.token}` })).toBe(404);
  expect((await stat(served.tokenFile)).mode & 0o777).toBe(0o600);
});

test('the WebSocket needs the token, the right Host and no foreign Origin', async ({ served }) => {
  expect(await openSocket(served, { token: null })).toEqual({ status: 401 });
  expect(await openSocket(served, { token: 'wrong' })).toEqual({ status: 401 });
  expect(await openSocket(served, { host: `evil.example:${served.port}` })).toEqual({ status: 403 });
  expect(await openSocket(served, { origin: 'http://evil.example' })).toEqual({ status: 403 });
  const ok = await openSocket(served, { origin: served.origin });
  expect('socket' in ok).toBe(true);
  if ('socket' in ok) ok.socket.close();
});

test('bad calls get INVALID_ARGUMENT and the backend keeps serving', async ({ served }) => {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
  const { socket } = opened;
  const expectInvalid = async (method: string, params: unknown, id: number): Promise<void> => {
    const response = await call(socket, method, params, id);
    expect(response).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  };
  await expectInvalid('show', { target: { index: -1 } }, 1);
  await expectInvalid('open', { path: '/tmp/x\u0000.mp4' }, 2);
  await expectInvalid('open', { path: served.configDir }, 3);
  await expectInvalid('listDirectory', { path: '/' }, 4);
  await expectInvalid('open', { path: 'x', options: { decode: 'magic' } }, 5);
  expect(await call(socket, 'show', { target: { index: 0 } }, 6)).toMatchObject({
    ok: false,
    error: { code: 'CLOSED' },
  });
  const environment = await call(socket, 'environment', {}, 7);
  expect(environment).toMatchObject({ ok: true });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.send('x'.repeat(128 * 1024));
  expect(await closed).toBe(1009);
});
