import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackendServer, type Channel } from '../../electron/backend/backend-server';
import { ClientSession } from '../../electron/backend/client-session';
import type { ClientStateMessage } from '../../electron/supervisor/protocol';
import { decodeWireMessage } from '../../contract/wire-frame';
import { dispatch } from '../../electron/backend/dispatch';
import { createHandlers } from '../../electron/backend/handlers/index';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import { Persistence } from '../../electron/backend/persist';
import { MAX_REQUEST_BYTES } from '../../contract/wire';
import type { InspectorError } from '../../native/index';
import { addon, addonStatus } from '../support/live/addon';
import { SAMPLE } from '../support/paths';
import { badFiles } from '../support/bad-files';
import { PathPolicy } from '../../electron/app/path-policy';

let dir: string;
let persistence: Persistence;
let handlers: Handlers;
let ctx: HandlerContext;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-dispatch-'));
  persistence = new Persistence(path.join(dir, 'config'));
  handlers = createHandlers({
    addon,
    addonStatus,
    persistence,
    samplePath: SAMPLE,
    cwd: dir,
    paths: PathPolicy.root('/'),
    startedAt: new Date(0),
  });
  ctx = { client: new ClientSession(), emit: vi.fn() };
});

afterEach(async () => {
  vi.restoreAllMocks();
  ctx.client.close();
  await persistence.flush();
  await rm(dir, { recursive: true, force: true });
});

const request = (method: string, params: unknown, id = 7): string =>
  JSON.stringify({ kind: 'request', id, method, params });

describe('dispatch', () => {
  it('answers a valid call with the handler result', async () => {
    expect(await dispatch(handlers, request('samplePath', {}), ctx)).toEqual({
      kind: 'response',
      id: 7,
      ok: true,
      result: { path: SAMPLE },
    });
  });

  it('rejects non-JSON, malformed and oversized requests with INVALID_ARGUMENT', async () => {
    for (const raw of [
      '{',
      '[]',
      JSON.stringify({ kind: 'request', id: 'x', method: 'close' }),
      'x'.repeat(MAX_REQUEST_BYTES + 1),
    ]) {
      const response = await dispatch(handlers, raw, ctx);
      expect(response.ok).toBe(false);
      if (!response.ok) expect(response.error.code).toBe('INVALID_ARGUMENT');
    }
  });

  it('rejects unknown methods and bad parameters without calling a handler', async () => {
    const frame = vi.spyOn(handlers, 'show');
    const unknown = await dispatch(handlers, request('constructor', {}), ctx);
    const bad = await dispatch(handlers, request('show', { target: { index: -4 } }), ctx);
    expect(frame).not.toHaveBeenCalled();
    for (const response of [unknown, bad]) {
      expect(response).toMatchObject({ id: 7, ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
  });

  it('maps an addon error code into the envelope', async () => {
    for (const { file, code } of await badFiles(dir)) {
      const response = await dispatch(handlers, request('open', { path: file }), ctx);
      expect(response, file).toMatchObject({ kind: 'response', id: 7, ok: false, error: { code } });
      if (code === 'FILE_NOT_FOUND') continue; // the backend answers before the addon is asked
      const refused = (await addon.Session.open(file).catch((error: unknown) => error)) as InspectorError;
      expect(refused.code).toBe(code);
      expect(response, file).toEqual({
        kind: 'response',
        id: 7,
        ok: false,
        error: { code, message: refused.message, remedy: refused.remedy },
      });
    }
  });

  it('keeps working after a handler throws', async () => {
    const [, empty] = await badFiles(dir);
    expect((await dispatch(handlers, request('open', { path: empty?.file }), ctx)).ok).toBe(false);
    expect((await dispatch(handlers, request('samplePath', {}), ctx)).ok).toBe(true);
    expect(await dispatch(handlers, request('open', { path: SAMPLE }, 8), ctx)).toMatchObject({
      id: 8,
      ok: true,
      result: { info: { path: SAMPLE, frameCount: 96 } },
    });
  });
});

describe('dispatch in serve mode: settings per client', () => {
  it("keeps one client's settings from the others; an operator device that does not exist fails its previews, not its open", async () => {
    const served = new Persistence(path.join(dir, 'served'), { perClient: true });
    await served.load();
    const serveHandlers = createHandlers({
      addon,
      addonStatus,
      persistence: served,
      samplePath: SAMPLE,
      cwd: dir,
      paths: PathPolicy.root('/'),
      startedAt: new Date(0),
    });
    const a: HandlerContext = { client: new ClientSession(), emit: vi.fn() };
    const b: HandlerContext = { client: new ClientSession(), emit: vi.fn() };
    const send = (c: HandlerContext, method: string, params: unknown, id: number) =>
      dispatch(serveHandlers, request(method, params, id), c, served);
    try {
      // Past any device the driver lists (ordinals go to 63).
      const chosen = { operatorDevice: 63, decode: 'software' };
      expect(await send(a, 'setSettings', chosen, 1)).toMatchObject({ ok: true, result: chosen });
      expect(await send(b, 'getSettings', {}, 2)).toMatchObject({
        ok: true,
        result: { operatorDevice: null, decode: 'auto' },
      });
      expect(await send(b, 'open', { path: SAMPLE }, 3)).toMatchObject({
        ok: true,
        result: { info: { path: SAMPLE } },
      });
      // Its own open succeeds; only what needs the operator device fails, saying which device.
      expect(await send(a, 'open', { path: SAMPLE }, 4)).toMatchObject({
        ok: true,
        result: { info: { path: SAMPLE } },
      });
      const noDevice = { code: 'NO_CUDA_DEVICE', message: expect.stringContaining('device 63') };
      expect(
        await send(a, 'show', { target: { index: 3 }, options: { previews: [{ op: 'convert' }] } }, 5),
      ).toMatchObject({
        ok: true,
        result: { report: { frameIndex: 3 }, previews: [{ result: null, error: noDevice }] },
      });
      // Asked to fall back, the CPU reference comes back beside the device's error; a reference needs no device.
      expect(
        await send(
          a,
          'show',
          {
            target: { index: 3 },
            options: { proof: false, previews: [{ op: 'gaussian' }, { op: 'reference' }], fallbackToReference: true },
          },
          6,
        ),
      ).toMatchObject({
        ok: true,
        result: {
          previews: [
            { result: { op: 'reference' }, error: noDevice },
            { result: { op: 'reference' }, error: null },
          ],
        },
      });
      expect(await send(a, 'show', { target: { index: 4 } }, 7)).toMatchObject({
        ok: true,
        result: { report: { frameIndex: 4 } },
      });
      // Nothing of it was saved for the next start.
      await served.flush();
      const next = new Persistence(path.join(dir, 'served'), { perClient: true });
      await next.load();
      expect(next.getSettings()).toMatchObject({ operatorDevice: null, decode: 'auto' });
    } finally {
      a.client.close();
      b.client.close();
    }
  });
});

/** A channel to one client of a BackendServer, keeping what it was sent. */
function channelTo(): Channel & { sent: unknown[]; request(text: string): void; close(): void } {
  let listener: (data: string) => void = () => undefined;
  let closed: () => void = () => undefined;
  const sent: unknown[] = [];
  return {
    sent,
    send: (data) => sent.push(decodeWireMessage(data)),
    onMessage: (l) => (listener = l),
    onClose: (l) => (closed = l),
    request: (text) => listener(text),
    close: () => closed(),
  };
}

it('gives a client its own settings back after the backend restarts, and tells it only the event', async () => {
  const served = new Persistence(path.join(dir, 'served'), { perClient: true });
  await served.load();
  const serveHandlers = createHandlers({
    addon,
    addonStatus,
    persistence: served,
    samplePath: SAMPLE,
    cwd: dir,
    paths: PathPolicy.root('/'),
    startedAt: new Date(0),
  });
  const states: ClientStateMessage[] = [];
  const first = new BackendServer(serveHandlers, (_id, state) => states.push(state), served);
  const before = channelTo();
  first.attach('c1', before, null);
  before.request(request('setSettings', { proof: false, thumbnailWidth: 128 }, 1));
  await vi.waitFor(() => expect(before.sent).toHaveLength(1));
  expect(states.at(-1)).toEqual({ lastFile: null, lastFrame: null, settings: { proof: false, thumbnailWidth: 128 } });
  first.detach('c1');

  // What the parent kept goes back with the restart; the client sees the event alone.
  const second = new BackendServer(serveHandlers, () => undefined, served);
  const after = channelTo();
  const event = {
    reason: 'the decoder process stopped',
    exitCode: null,
    signal: 'SIGKILL',
    restarts: 1,
    lastFile: null,
    lastFrame: null,
  };
  second.attach('c1', after, { ...event, settings: states.at(-1)?.settings });
  const other = channelTo();
  second.attach('c2', other, null);
  after.request(request('getSettings', {}, 2));
  other.request(request('getSettings', {}, 3));
  await vi.waitFor(() => {
    expect(after.sent).toHaveLength(2);
    expect(other.sent).toHaveLength(1);
  });
  expect(after.sent[0]).toEqual({ kind: 'event', event: 'backendRestarted', payload: event });
  expect(after.sent[1]).toMatchObject({ id: 2, ok: true, result: { proof: false, thumbnailWidth: 128 } });
  expect(other.sent[0]).toMatchObject({ id: 3, ok: true, result: { proof: true, thumbnailWidth: 240 } });
  second.detach('c1');
  second.detach('c2');
});
