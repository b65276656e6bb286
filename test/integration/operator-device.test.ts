// An operator device that does not exist fails the previews that need it, not the open: over the real dispatch, the
// real handlers and the real addon (which refuses such an open itself), the file opens and decodes, its operator
// previews answer NO_CUDA_DEVICE naming the device, the CPU reference still runs, and another client of the same
// backend never sees that device's error.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
import { dispatch } from '../../electron/backend/dispatch';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import type { Persistence } from '../../electron/backend/persist';
import { addon } from '../support/live/addon';
import { fixture } from '../support/paths';
import { liveHandlers } from './live-handlers';

const CLIP = fixture('h264-odd-642x362.mp4');
const OTHER = fixture('hevc-main10-1280x720.mp4');
/** A device no machine here has (the driver lists at most a few). */
const MISSING = 63;

let dir: string;
let persistence: Persistence;
let handlers: Handlers;
const contexts: HandlerContext[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-operator-device-'));
  ({ handlers, persistence } = liveHandlers(dir));
});

afterEach(async () => {
  for (const ctx of contexts.splice(0)) ctx.client.close();
  await persistence.flush();
  await rm(dir, { recursive: true, force: true });
});

function client(): HandlerContext {
  const ctx = { client: new ClientSession(), emit: vi.fn() };
  contexts.push(ctx);
  return ctx;
}

interface Answer {
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string; remedy?: string };
}

let id = 0;
async function ask(ctx: HandlerContext, method: string, params: unknown): Promise<Answer> {
  id += 1;
  return (await dispatch(
    handlers,
    JSON.stringify({ kind: 'request', id, method, params }),
    ctx,
    persistence,
  )) as Answer;
}

interface Shown {
  report: { frameIndex: number };
  previews: { result: unknown; error: { code: string; message: string } | null }[];
}

const PREVIEWS = [{ op: 'gaussian' }, { op: 'reference' }];

it('opens and decodes a file asked with an operator device that does not exist, and refuses only its operator previews', async () => {
  // The addon itself refuses this open: the backend's retry without the device is what the test holds.
  const direct = await addon?.Session.open(CLIP, { decode: 'software', operatorDevice: MISSING }).catch(
    (e: unknown) => e,
  );
  expect(direct).toMatchObject({
    code: 'NO_CUDA_DEVICE',
    message: expect.stringMatching(new RegExp(`device ${MISSING}`)),
  });

  const a = client();
  const opened = await ask(a, 'open', { path: CLIP, options: { decode: 'software', operatorDevice: MISSING } });
  expect(opened).toMatchObject({ ok: true, result: { info: { codec: 'h264', decodePath: 'software' } } });

  const shown = await ask(a, 'show', { target: { index: 3 }, options: { previews: PREVIEWS } });
  expect(shown.ok, JSON.stringify(shown.error)).toBe(true);
  const { report, previews } = shown.result as Shown;
  expect(report.frameIndex).toBe(3);
  expect(previews[0]).toMatchObject({
    result: null,
    error: { code: 'NO_CUDA_DEVICE', message: expect.stringMatching(new RegExp(`device ${MISSING}`)) },
  });
  // The CPU reference needs no device: it runs.
  expect(previews[1]).toMatchObject({ error: null, result: expect.anything() });

  // Asked to fall back, the failed operator answers the CPU reference with its error beside it.
  const fallback = await ask(a, 'show', {
    target: { index: 4 },
    options: { previews: [{ op: 'threshold' }], fallbackToReference: true },
  });
  expect((fallback.result as Shown).previews[0]).toMatchObject({
    result: expect.anything(),
    error: { code: 'NO_CUDA_DEVICE' },
  });
});

it("keeps one client's missing operator device to that client, until it opens a file without one", async () => {
  const a = client();
  const b = client();
  await ask(a, 'open', { path: CLIP, options: { decode: 'software', operatorDevice: MISSING } });
  expect(await ask(b, 'open', { path: CLIP, options: { decode: 'software' } })).toMatchObject({ ok: true });
  const other = (await ask(b, 'show', { target: { index: 0 }, options: { previews: PREVIEWS } })).result as Shown;
  // Whatever stops an operator on this machine, it is never the other client's device.
  expect(JSON.stringify(other.previews)).not.toMatch(new RegExp(`device ${MISSING}`));
  expect(other.previews[1]).toMatchObject({ error: null });

  // A's next file, opened without the device, runs its previews as anyone's.
  expect(await ask(a, 'open', { path: OTHER, options: { decode: 'software' } })).toMatchObject({ ok: true });
  const again = (await ask(a, 'show', { target: { index: 0 }, options: { previews: PREVIEWS } })).result as Shown;
  expect(JSON.stringify(again.previews)).not.toMatch(new RegExp(`device ${MISSING}`));
});
