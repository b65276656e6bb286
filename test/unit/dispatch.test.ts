import { describe, expect, it, vi } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
import { dispatch } from '../../electron/backend/dispatch';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers';
import { MAX_REQUEST_BYTES } from '../../electron/common/wire';

function fakeHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const unused = async (): Promise<never> => {
    throw new Error('not used');
  };
  return {
    environment: unused,
    open: unused,
    close: async () => ({ closed: false }),
    frame: unused,
    frameAtTime: unused,
    thumbnails: unused,
    preview: unused,
    listRecent: async () => [],
    getSettings: unused,
    setSettings: unused,
    samplePath: async () => ({ path: '/sample.mp4' }),
    openCapture: unused,
    saveCapture: unused,
    capturedOperators: async () => [],
    ...overrides,
  };
}

const ctx = (): HandlerContext => ({ client: new ClientSession(), emit: vi.fn() });
const request = (method: string, params: unknown, id = 7): string =>
  JSON.stringify({ kind: 'request', id, method, params });

describe('dispatch', () => {
  it('answers a valid call with the handler result', async () => {
    expect(await dispatch(fakeHandlers(), request('samplePath', {}), ctx())).toEqual({
      kind: 'response',
      id: 7,
      ok: true,
      result: { path: '/sample.mp4' },
    });
  });

  it('rejects non-JSON, malformed and oversized requests with INVALID_ARGUMENT', async () => {
    for (const raw of [
      '{',
      '[]',
      JSON.stringify({ kind: 'request', id: 'x', method: 'close' }),
      'x'.repeat(MAX_REQUEST_BYTES + 1),
    ]) {
      const response = await dispatch(fakeHandlers(), raw, ctx());
      expect(response.ok).toBe(false);
      if (!response.ok) expect(response.error.code).toBe('INVALID_ARGUMENT');
    }
  });

  it('rejects unknown methods and bad parameters without calling a handler', async () => {
    const frame = vi.fn();
    const handlers = fakeHandlers({ frame });
    const unknown = await dispatch(handlers, request('constructor', {}), ctx());
    const bad = await dispatch(handlers, request('frame', { index: -4 }), ctx());
    expect(frame).not.toHaveBeenCalled();
    for (const response of [unknown, bad]) {
      expect(response).toMatchObject({ id: 7, ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
  });

  it('maps an addon error code into the envelope', async () => {
    const handlers = fakeHandlers({
      open: async () => {
        throw Object.assign(new Error('truncated'), { code: 'DECODE_FAILED', remedy: 'Re-encode it.' });
      },
    });
    expect(await dispatch(handlers, request('open', { path: '/a.mp4' }), ctx())).toEqual({
      kind: 'response',
      id: 7,
      ok: false,
      error: { code: 'DECODE_FAILED', message: 'truncated', remedy: 'Re-encode it.' },
    });
  });

  it('keeps working after a handler throws', async () => {
    const handlers = fakeHandlers({
      listRecent: async () => {
        throw new Error('disk');
      },
    });
    expect((await dispatch(handlers, request('listRecent', {}), ctx())).ok).toBe(false);
    expect((await dispatch(handlers, request('samplePath', {}), ctx())).ok).toBe(true);
  });
});
