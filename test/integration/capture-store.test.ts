import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MethodName, ParamsOf } from '../../contract/contract';
import { actionFor } from '../../renderer/src/components/help/shortcuts';
import type { RpcClient } from '../../renderer/src/rpc/client';
import { STATE_DELAY_MS } from '../../electron/backend/client-session';
import { createAppStore } from '../../renderer/src/store/store';
import { fixture, ROOT } from '../support/paths';
import { killBackend, serveBuilt, until, type Served } from '../support/live/served-client';
import { servedSuite } from './served-suite';
import { editManifest } from '../support/zip-edit';

/** The capture made on a GPU machine that ships with the app: frames 0, 24 and 48, each with operator previews. */
const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');
// 642x362 H.264, 36 frames: the video opened beside the capture.
const CLIP = fixture('h264-odd-642x362.mp4');
const OPERATORS = ['convert', 'wrong-wrap', 'right-wrap', 'cvtcolor', 'gaussian', 'flip', 'threshold', 'reference'];

describe.skipIf(!serveBuilt)('capture slice over serve mode (needs npm run build)', () => {
  const serve = servedSuite();
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-capture-store-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function client(to?: Served): Promise<RpcClient> {
    return (await serve.connect(to)).client;
  }

  /** The methods a client called, in order (an observing spy: every call reaches serve mode). */
  function methods(rpc: RpcClient): () => MethodName[] {
    const call = vi.spyOn(rpc, 'call');
    return () => call.mock.calls.map(([method]) => method);
  }

  it('opens a .zci through openCapture, shows its first frame and its operator previews', async () => {
    const rpc = await client();
    const called = methods(rpc);
    const store = createAppStore(rpc);
    expect(await store.getState().openFile(GPU_CAPTURE)).toBe(true);
    expect(called()).toEqual(['openCapture', 'listRecent', 'show', 'capturedOperators']);
    expect(store.getState()).toMatchObject({ file: GPU_CAPTURE, capture: { frames: [0, 24, 48] } });
    expect(store.getState().report?.frameIndex).toBe(0);
    expect(store.getState().capturedOperators.map((op) => op.name)).toEqual(OPERATORS);
    const first = store.getState().capturedOperators[0]?.png;
    await store.getState().step(1);
    expect(store.getState().report?.frameIndex).toBe(24);
    expect(store.getState().capturedOperators.map((op) => op.name)).toEqual(OPERATORS);
    expect(store.getState().capturedOperators[0]?.png).not.toBe(first);
    await store.getState().step(1);
    expect(store.getState().report?.frameIndex).toBe(48);
    // A replayed capture's steps ask for no operator: it shows the previews it was saved with.
    const asked = vi
      .mocked(rpc.call)
      .mock.calls.filter(
        ([method, params]) => method === 'show' && (params as ParamsOf<'show'>).options?.previews !== undefined,
      );
    expect(asked).toEqual([]);
  });

  it('reopens a capture at a remembered frame only when that frame was captured', async () => {
    const store = createAppStore(await client());
    await store.getState().openFile(GPU_CAPTURE, 48);
    expect(store.getState().report?.frameIndex).toBe(48);
    await store.getState().openFile(GPU_CAPTURE, 5);
    expect(store.getState().report?.frameIndex).toBe(0);
  });

  it('forgets the capture when a video is opened, closed, or the backend restarts', async () => {
    const rpc = await client(await serve.ownServer());
    const store = createAppStore(rpc);
    await store.getState().openFile(GPU_CAPTURE);
    await store.getState().openFile(CLIP);
    expect(store.getState().capture).toBeNull();
    await store.getState().openFile(GPU_CAPTURE);
    await store.getState().closeFile();
    expect(store.getState().capture).toBeNull();
    await store.getState().openFile(GPU_CAPTURE);
    await store.getState().step(1);
    store.getState().togglePresenter(true);
    // The backend tells its parent of frame steps at most once per interval: let the last one through.
    await new Promise((resolve) => setTimeout(resolve, STATE_DELAY_MS + 100));
    await killBackend(rpc);
    await until(() => store.getState().restart !== null, 'the restart notice');
    expect(store.getState().restart).toMatchObject({ lastFile: GPU_CAPTURE, lastFrame: 24 });
    expect(store.getState()).toMatchObject({ capture: null, presenterOpen: false, capturedOperators: [] });
  });

  it('shows an unreadable capture as an error banner and keeps what was open', async () => {
    // The shipped capture with a format version from the future.
    const future = path.join(dir, 'future.zci');
    await writeFile(
      future,
      editManifest(await readFile(GPU_CAPTURE), (manifest) => {
        manifest.formatVersion = 99;
      }),
    );

    const store = createAppStore(await client());
    await store.getState().openFile(CLIP);
    expect(await store.getState().openFile(future)).toBe(false);
    expect(store.getState().error?.code).toBe('CAPTURE_TOO_NEW');
    expect(store.getState().file).toBe(CLIP);
    expect(store.getState().capture).toBeNull();
  });

  it('saves a capture of the visited frames or of a range, and remembers the result', async () => {
    const rpc = await client();
    const call = vi.spyOn(rpc, 'call');
    const store = createAppStore(rpc);
    await store.getState().openFile(CLIP);
    await store.getState().step(1);
    const visited = path.join(dir, 'a.zci');
    const range = path.join(dir, 'b.zci');
    expect(await store.getState().saveCapture(visited)).toMatchObject({ path: visited, frames: [0, 1] });
    await store.getState().saveCapture(range, { from: 2, to: 4 });
    expect(call.mock.calls.filter(([method]) => method === 'saveCapture').map(([, params]) => params)).toEqual([
      { path: visited },
      { path: range, frames: { from: 2, to: 4 } },
    ]);
    expect(store.getState()).toMatchObject({ saving: false, lastSaved: { path: range, frames: [2, 3, 4] } });
    expect(existsSync(visited) && existsSync(range)).toBe(true);
  });

  it('turns the presenter view on and off; p and Escape are its keys', async () => {
    const store = createAppStore(await client());
    store.getState().togglePresenter();
    expect(store.getState().presenterOpen).toBe(true);
    store.getState().togglePresenter();
    expect(store.getState().presenterOpen).toBe(false);
    const key = (k: string, shiftKey = false) => ({ key: k, shiftKey, ctrlKey: false, metaKey: false, altKey: false });
    expect(actionFor(key('p'), false)).toBe('presenter');
    expect(actionFor(key('P', true), false)).toBe('presenter');
    expect(actionFor(key('p'), true)).toBeNull();
  });
});
