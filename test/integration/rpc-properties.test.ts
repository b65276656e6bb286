/**
 * Every method of the RPC contract against the real addon, through the backend's real dispatch and handlers:
 * generated valid parameters (drawn near real files: a clip, a capture made on an H200, one made here, a text file, a
 * folder, paths outside the root, any string) get the method's typed result or a typed error other than INTERNAL;
 * generated invalid parameters get INVALID_ARGUMENT; and so do sequences of calls on one client. The table of
 * properties is test/support/rpc-properties.ts; a method without an entry fails here and in the unit tier.
 * Runs are few (a loaded 2-core machine decodes every frame asked for).
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PathPolicy } from '../../electron/app/path-policy';
import { ClientSession } from '../../electron/backend/client-session';
import { dispatch } from '../../electron/backend/dispatch';
import { createHandlers } from '../../electron/backend/handlers/index';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import { Persistence } from '../../electron/backend/persist';
import { METHOD_NAMES, type MethodName } from '../../contract/contract';
import { sampleCaptureBytes } from '../support/captures';
import { addon, addonStatus } from '../support/live/addon';
import { OpenedSessions } from '../support/live/opened-sessions';
import { fixture, ROOT } from '../support/paths';
import { checkAnswer, invalidParams, RESULT_CHECKS, SCHEMA_SPACE, validParams } from '../support/rpc-properties';

// 642x362 H.264, 36 frames at 24 fps: the addon opens it in a few milliseconds.
const CLIP = 'h264-odd-642x362.mp4';
const FRAMES = 36;
const RUNS = 12;
const PROPERTY = { numRuns: RUNS, endOnFailure: true } as const;

/** Names inside the root, and beside it. */
const NAMES = [
  'clip.mp4',
  'h200.zci',
  'here.zci',
  'notes.txt',
  'folder',
  'missing.mp4',
  'saved.zci',
  'folder/saved.zci',
  '../outside.mp4',
  '/etc/hostname',
];

const VALID = validParams({
  path: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: SCHEMA_SPACE.path }),
  index: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: FRAMES - 1 }) },
    { weight: 1, arbitrary: SCHEMA_SPACE.index },
  ),
  frames: fc.oneof(
    fc.array(fc.integer({ min: 0, max: FRAMES + 4 }), { minLength: 1, maxLength: 3 }),
    fc
      .tuple(fc.integer({ min: 0, max: FRAMES + 4 }), fc.integer({ min: 0, max: 2 }))
      .map(([from, span]) => ({ from, to: from + span })),
  ),
  width: fc.integer({ min: 16, max: 160 }),
});

let dir: string;
let persistence: Persistence;
let handlers: Handlers;
let id = 0;
const opened = new OpenedSessions();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-rpc-live-'));
  const root = path.join(dir, 'root');
  await mkdir(path.join(root, 'folder'), { recursive: true });
  await copyFile(fixture(CLIP), path.join(root, 'clip.mp4'));
  await copyFile(path.join(ROOT, 'assets', 'gpu-capture.zci'), path.join(root, 'h200.zci'));
  await writeFile(path.join(root, 'here.zci'), sampleCaptureBytes([0, 3]));
  await writeFile(path.join(root, 'notes.txt'), 'not a video\n');
  persistence = new Persistence(path.join(dir, 'config'));
  handlers = createHandlers({
    addon,
    addonStatus,
    persistence,
    samplePath: path.join(root, 'clip.mp4'),
    cwd: root,
    paths: PathPolicy.root(root),
    startedAt: new Date(0),
    configDir: path.join(dir, 'config'),
  });
});

afterAll(async () => {
  await opened.release();
  await rm(dir, { recursive: true, force: true });
});

/** A client with the clip open and frame 0 shown, as a user would have it before most calls. */
async function clientWithClip(): Promise<HandlerContext> {
  const ctx: HandlerContext = { client: new ClientSession(), emit: vi.fn() };
  opened.track(ctx.client, persistence);
  // Software decoding whatever the generated settings left persisted (a setSettings call may have chosen NVDEC, which
  // a machine without a GPU refuses): each property starts from the same open file.
  await handlers.open({ path: 'clip.mp4', options: { decode: 'software' } }, ctx);
  await handlers.show({ target: { index: 0 } }, ctx);
  return ctx;
}

async function send(method: MethodName, params: unknown, ctx: HandlerContext) {
  id += 1;
  const raw = JSON.stringify({ kind: 'request', id, method, params });
  return { response: await dispatch(handlers, raw, ctx), id };
}

it('the property table has an entry for every method of the contract', () => {
  expect(METHOD_NAMES.filter((method) => !Object.hasOwn(VALID, method))).toEqual([]);
  expect(METHOD_NAMES.filter((method) => !Object.hasOwn(RESULT_CHECKS, method))).toEqual([]);
});

describe.each(METHOD_NAMES)('%s against the real addon (property-based)', (method: MethodName) => {
  it('answers generated valid parameters with its typed result or a typed error, never INTERNAL', async () => {
    const ctx = await clientWithClip();
    await fc.assert(
      fc.asyncProperty(VALID[method], async (params) => {
        const { response, id: sent } = await send(method, params, ctx);
        checkAnswer(method, response, sent);
      }),
      PROPERTY,
    );
  });

  it('answers generated invalid parameters with INVALID_ARGUMENT', async () => {
    const ctx = await clientWithClip();
    await fc.assert(
      fc.asyncProperty(invalidParams(method, VALID[method]), async (params) => {
        const { response, id: sent } = await send(method, params, ctx);
        expect(response).toMatchObject({ id: sent, ok: false, error: { code: 'INVALID_ARGUMENT' } });
      }),
      PROPERTY,
    );
  });
});

it('answers every call of a generated sequence on one client with a typed result or a typed error', async () => {
  const call = fc.constantFrom(...METHOD_NAMES).chain((method) => VALID[method].map((params) => ({ method, params })));
  await fc.assert(
    fc.asyncProperty(fc.array(call, { minLength: 2, maxLength: 6 }), async (calls) => {
      const ctx = await clientWithClip();
      for (const { method, params } of calls) {
        const { response, id: sent } = await send(method, params, ctx);
        checkAnswer(method, response, sent);
      }
      ctx.client.close();
    }),
    PROPERTY,
  );
});
