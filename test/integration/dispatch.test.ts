import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
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
    const frame = vi.spyOn(handlers, 'frame');
    const unknown = await dispatch(handlers, request('constructor', {}), ctx);
    const bad = await dispatch(handlers, request('frame', { index: -4 }), ctx);
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
