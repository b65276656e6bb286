import { describe, expect, it } from 'vitest';
import type { EventMap, EventName, MethodName, ParamsOf, ResultOf } from '../../electron/common/contract';
import { RpcFailure, rpcError } from '../../electron/common/envelope';
import { DEFAULT_SETTINGS } from '../../electron/common/settings';
import { actionFor } from '../../renderer/src/components/help/shortcuts';
import type { RpcApi } from '../../renderer/src/rpc/client';
import { stepCaptured } from '../../renderer/src/store/capture-slice';
import { createAppStore } from '../../renderer/src/store/store';
import { captureSummary } from '../support/capture-summary';
import { backendEnvironment, paddedNv12Device, streamInfo } from '../support/reports';

type Answers = { [M in MethodName]?: (params: ParamsOf<M>) => ResultOf<M> | Promise<ResultOf<M>> };

class FakeApi implements RpcApi {
  calls: { method: MethodName; params: unknown }[] = [];
  constructor(private readonly answers: Answers) {}
  async call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    this.calls.push({ method, params });
    const answer = this.answers[method] as ((p: ParamsOf<M>) => ResultOf<M>) | undefined;
    if (answer === undefined) throw new RpcFailure(rpcError('INTERNAL', `no answer for ${method}`));
    return answer(params);
  }
  on<E extends EventName>(_event: E, _listener: (payload: EventMap[E]) => void): () => void {
    return () => undefined;
  }
}

function api(extra: Answers = {}): FakeApi {
  return new FakeApi({
    environment: () => backendEnvironment(),
    getSettings: () => DEFAULT_SETTINGS,
    listRecent: () => [],
    open: ({ path }) => ({ info: streamInfo({ path }) }),
    openCapture: ({ path }) => ({ info: streamInfo({ path: 'clip-1080p.mp4' }), capture: captureSummary({ path }) }),
    frame: ({ index }) => ({ ...paddedNv12Device(), frameIndex: index }),
    thumbnails: () => [],
    capturedOperators: ({ index }) =>
      index === 3
        ? [{ name: 'wrong-wrap', params: {}, gpuTimeMs: null, psnr: null, maxAbsError: null, png: 'AA' }]
        : [],
    close: () => ({ closed: true }),
    ...extra,
  });
}

describe('stepCaptured', () => {
  it('moves between captured frames, clamped at both ends', () => {
    const frames = [0, 3, 7];
    expect(stepCaptured(frames, 0, 1)).toBe(3);
    expect(stepCaptured(frames, 3, 1)).toBe(7);
    expect(stepCaptured(frames, 7, 1)).toBe(7);
    expect(stepCaptured(frames, 7, -10)).toBe(0);
    expect(stepCaptured(frames, 5, 1)).toBe(7);
    expect(stepCaptured(frames, 5, -1)).toBe(3);
    expect(stepCaptured(frames, 9, -1)).toBe(7);
    expect(stepCaptured([], 4, 1)).toBe(4);
  });
});

describe('capture slice', () => {
  it('opens a .zci through openCapture, shows its first frame and its operator previews', async () => {
    const fake = api();
    const store = createAppStore(fake);
    expect(await store.getState().openFile('/captures/demo.zci')).toBe(true);
    const mine = new Set<string>(['openCapture', 'listRecent', 'frame', 'thumbnails', 'capturedOperators']);
    expect(fake.calls.map((c) => c.method).filter((m) => mine.has(m))).toEqual([
      'openCapture',
      'listRecent',
      'frame',
      'thumbnails',
      'capturedOperators',
    ]);
    expect(store.getState()).toMatchObject({ file: '/captures/demo.zci', capture: { frames: [0, 3, 7] } });
    expect(store.getState().report?.frameIndex).toBe(0);
    await store.getState().step(1);
    expect(store.getState().report?.frameIndex).toBe(3);
    expect(store.getState().capturedOperators.map((op) => op.name)).toEqual(['wrong-wrap']);
    await store.getState().step(1);
    expect(store.getState().report?.frameIndex).toBe(7);
    expect(store.getState().capturedOperators).toEqual([]);
  });

  it('reopens a capture at a remembered frame only when that frame was captured', async () => {
    const store = createAppStore(api());
    await store.getState().openFile('/captures/demo.zci', 7);
    expect(store.getState().report?.frameIndex).toBe(7);
    await store.getState().openFile('/captures/demo.zci', 5);
    expect(store.getState().report?.frameIndex).toBe(0);
  });

  it('forgets the capture when a video is opened, closed, or the backend restarts', async () => {
    const store = createAppStore(api());
    await store.getState().openFile('/captures/demo.zci');
    await store.getState().openFile('/videos/clip.mp4');
    expect(store.getState().capture).toBeNull();
    await store.getState().openFile('/captures/demo.zci');
    await store.getState().closeFile();
    expect(store.getState().capture).toBeNull();
    await store.getState().openFile('/captures/demo.zci');
    store.getState().togglePresenter(true);
    store.getState().noteRestart({
      reason: 'killed',
      exitCode: null,
      signal: 'SIGKILL',
      restarts: 1,
      lastFile: '/captures/demo.zci',
      lastFrame: 3,
    });
    expect(store.getState()).toMatchObject({ capture: null, presenterOpen: false, capturedOperators: [] });
  });

  it('shows an unreadable capture as an error banner and keeps what was open', async () => {
    const store = createAppStore(
      api({
        openCapture: () => {
          throw new RpcFailure(rpcError('CAPTURE_TOO_NEW', 'format 2'));
        },
      }),
    );
    await store.getState().openFile('/videos/clip.mp4');
    expect(await store.getState().openFile('/captures/new.zci')).toBe(false);
    expect(store.getState().error?.code).toBe('CAPTURE_TOO_NEW');
    expect(store.getState().file).toBe('/videos/clip.mp4');
  });

  it('saves a capture of the visited frames or of a range, and remembers the result', async () => {
    const fake = api({ saveCapture: ({ path }) => ({ path: `/srv/${path}`, frames: [0, 1], bytes: 10 }) });
    const store = createAppStore(fake);
    await store.getState().openFile('/videos/clip.mp4');
    await store.getState().saveCapture('a.zci');
    await store.getState().saveCapture('b.zci', { from: 2, to: 4 });
    expect(fake.calls.filter((c) => c.method === 'saveCapture').map((c) => c.params)).toEqual([
      { path: 'a.zci' },
      { path: 'b.zci', frames: { from: 2, to: 4 } },
    ]);
    expect(store.getState()).toMatchObject({ saving: false, lastSaved: { path: '/srv/b.zci' } });
  });

  it('turns the presenter view on and off; p and Escape are its keys', () => {
    const store = createAppStore(api());
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
