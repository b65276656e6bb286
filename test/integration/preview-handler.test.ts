import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptureSession } from '../../electron/capture/capture-session';
import { ClientSession } from '../../electron/backend/client-session';
import { dispatch } from '../../electron/backend/dispatch';
import type { HandlerContext } from '../../electron/backend/handlers/types';
import { hasGpu } from '../support/live/addon';
import { fixture } from '../support/paths';
import { OpenedSessions } from '../support/live/opened-sessions';
import type { LiveSource } from '../../electron/backend/live-source';
import { liveHandlers } from './live-handlers';

// 642x362 H.264 4:2:0, 36 frames; its top band carries the frame index, so frames differ in their pixels.
const CLIP = fixture('h264-odd-642x362.mp4');

let dir: string;
const opened = new OpenedSessions();

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-preview-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await opened.release();
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const { handlers, persistence } = liveHandlers(dir);
  const client = new ClientSession();
  opened.track(client, persistence);
  const ctx: HandlerContext = { client, emit: vi.fn() };
  return { handlers, ctx, persistence };
}

/** The handlers with CLIP open on frame 0, and the addon Session behind them. */
async function withClip() {
  const { handlers, ctx } = setup();
  await handlers.open({ path: CLIP }, ctx);
  await handlers.show({ target: { index: 0 } }, ctx);
  return { handlers, ctx, session: (ctx.client.current() as LiveSource).session };
}

describe('operator previews through the show handler', () => {
  it('runs the operator on the frame it names, with the validated options', async () => {
    const { handlers, ctx, session } = await withClip();
    const show = vi.spyOn(session, 'show');
    const options = { proof: false, previews: [{ op: 'reference' as const, maxWidth: 96 }] };
    const first = (await handlers.show({ target: { index: 0 }, options }, ctx)).previews[0]?.result;
    // The addon's show, with the options asked and the request's signal: nothing copied field by field.
    expect(show.mock.calls).toEqual([[{ index: 0 }, { ...options, signal: expect.any(AbortSignal) }]]);
    expect(first).toMatchObject({ op: 'reference', gpu: false, thumbnail: null, reference: { width: 96 } });
    const { width, height, rgb } = first!.reference!;
    expect(rgb).toHaveLength(width * height * 3);
    const later = (await handlers.show({ target: { index: 12 }, options }, ctx)).previews[0]?.result;
    expect(later?.reference?.rgb).not.toBe(first?.reference?.rgb);
  });

  it('answers CLOSED before a file is open', async () => {
    const { handlers, ctx } = setup();
    await expect(
      handlers.show({ target: { index: 0 }, options: { proof: false, previews: [{ op: 'reference' }] } }, ctx),
    ).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it.skipIf(hasGpu)('passes the addon’s error code and remedy through (no GPU here)', async () => {
    const { handlers, ctx, session } = await withClip();
    const [outcome] = (await session.show({ index: 0 }, { proof: false, previews: [{ op: 'convert' }] })).previews;
    const refused = outcome?.error ?? { code: 'none', message: '', remedy: '' };
    expect(refused.code).toBe('NO_CUDA_DEVICE');
    const raw = JSON.stringify({
      kind: 'request',
      id: 3,
      method: 'show',
      params: { target: { index: 0 }, options: { proof: false, previews: [{ op: 'convert' }] } },
    });
    expect(await dispatch(handlers, raw, ctx)).toMatchObject({
      kind: 'response',
      id: 3,
      ok: true,
      result: {
        previews: [
          { result: null, error: { code: 'NO_CUDA_DEVICE', message: refused.message, remedy: refused.remedy } },
        ],
      },
    });
    expect(refused.remedy).toContain('CPU reference');
  });

  it('refuses bad parameters before the addon sees them', async () => {
    const { handlers, ctx, session } = await withClip();
    const show = vi.spyOn(session, 'show');
    const raw = JSON.stringify({
      kind: 'request',
      id: 4,
      method: 'show',
      params: { target: { index: 0 }, options: { previews: [{ op: 'gaussian', kernelSize: 4 }] } },
    });
    expect(await dispatch(handlers, raw, ctx)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(show).not.toHaveBeenCalled();
  });

  it('says operators need the video itself when the session cannot run them (a replayed capture)', async () => {
    const { handlers, ctx } = await withClip();
    await handlers.saveCapture({ path: path.join(dir, 'frame0.zci') }, ctx);
    await handlers.openCapture({ path: path.join(dir, 'frame0.zci') }, ctx);
    expect(ctx.client.current()).toBeInstanceOf(CaptureSession);
    const answer = await handlers.show(
      { target: { index: 0 }, options: { proof: false, previews: [{ op: 'convert' }] } },
      ctx,
    );
    expect(answer.previews).toMatchObject([{ result: null, error: { code: 'OPERATOR_UNSUPPORTED' } }]);
  });
});
