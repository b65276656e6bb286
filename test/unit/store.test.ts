import { describe, expect, it } from 'vitest';
import type { EventMap, EventName, MethodName, ParamsOf, ResultOf } from '../../electron/common/contract';
import { RpcFailure, rpcError } from '../../electron/common/envelope';
import { DEFAULT_SETTINGS } from '../../electron/common/settings';
import { actionFor } from '../../renderer/src/components/help/shortcuts';
import type { RpcApi } from '../../renderer/src/rpc/client';
import { clampFrame } from '../../renderer/src/store/frame-slice';
import { createAppStore } from '../../renderer/src/store/store';
import { backendEnvironment, paddedNv12Device, streamInfo } from '../support/reports';

type Answers = { [M in MethodName]?: (params: ParamsOf<M>) => ResultOf<M> | Promise<ResultOf<M>> };

class FakeApi implements RpcApi {
  calls: { method: MethodName; params: unknown }[] = [];
  private listeners = new Map<EventName, ((payload: never) => void)[]>();
  constructor(private readonly answers: Answers) {}
  async call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    this.calls.push({ method, params });
    const answer = this.answers[method] as ((p: ParamsOf<M>) => ResultOf<M>) | undefined;
    if (answer === undefined) throw new RpcFailure(rpcError('INTERNAL', `no answer for ${method}`));
    return answer(params);
  }
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (payload: never) => void]);
    return () => undefined;
  }
  fire<E extends EventName>(event: E, payload: EventMap[E]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (p: EventMap[E]) => void)(payload);
  }
}

function api(extra: Answers = {}): FakeApi {
  return new FakeApi({
    environment: () => backendEnvironment(),
    getSettings: () => DEFAULT_SETTINGS,
    listRecent: () => [],
    open: ({ path }) => ({ info: streamInfo({ path }) }),
    frame: ({ index }) => ({ ...paddedNv12Device(), frameIndex: index }),
    frameAtTime: ({ seconds }) => ({ ...paddedNv12Device(), frameIndex: Math.round(seconds * 24) }),
    thumbnails: () => [],
    setSettings: (patch) => ({ ...DEFAULT_SETTINGS, ...patch }),
    close: () => ({ closed: true }),
    ...extra,
  });
}

describe('session slice', () => {
  it('opens the bundled sample on first start and shows its first frame', async () => {
    const fake = api();
    const store = createAppStore(fake);
    await store.getState().init();
    expect(store.getState().file).toBe('/app/assets/sample.mp4');
    expect(store.getState().report?.frameIndex).toBe(0);
    expect(fake.calls.map((c) => c.method)).toContain('thumbnails');
  });

  it('does not open the sample when there are recent files', async () => {
    const store = createAppStore(api({ listRecent: () => [{ path: '/v.mp4', openedAt: '', lastFrame: 3 }] }));
    await store.getState().init();
    expect(store.getState().file).toBeNull();
    expect(store.getState().recents).toHaveLength(1);
  });

  it('shows the code, message and remedy when opening fails, and stays usable', async () => {
    const store = createAppStore(
      api({
        open: () => {
          throw new RpcFailure(rpcError('NO_VIDEO_STREAM', 'audio only', 'Open a file that contains video.'));
        },
      }),
    );
    expect(await store.getState().openFile('/a.m4a')).toBe(false);
    expect(store.getState().error).toEqual({
      code: 'NO_VIDEO_STREAM',
      message: 'audio only',
      remedy: 'Open a file that contains video.',
    });
    expect(store.getState().opening).toBe(false);
    store.getState().dismissError();
    expect(store.getState().error).toBeNull();
  });

  it('offers to reopen the last file at the last frame after a restart', async () => {
    const fake = api();
    const store = createAppStore(fake);
    fake.fire('backendRestarted', {
      reason: 'the decoder process stopped (signal SIGKILL) and was restarted',
      exitCode: null,
      signal: 'SIGKILL',
      restarts: 1,
      lastFile: '/v.mp4',
      lastFrame: 17,
    });
    expect(store.getState().restart?.lastFrame).toBe(17);
    expect(store.getState().file).toBeNull();
    expect(store.getState().report).toBeNull();
    await store.getState().reopenAfterRestart();
    expect(store.getState().restart).toBeNull();
    expect(store.getState().file).toBe('/v.mp4');
    expect(store.getState().report?.frameIndex).toBe(17);
  });
});

describe('frame slice', () => {
  it('clamps frame numbers into the clip', () => {
    expect(clampFrame(-3, 48)).toBe(0);
    expect(clampFrame(99, 48)).toBe(47);
    expect(clampFrame(4.4, 48)).toBe(4);
    expect(clampFrame(5, 0)).toBe(0);
  });

  it('steps and jumps by frame and by time', async () => {
    const store = createAppStore(api());
    await store.getState().openFile('/v.mp4');
    await store.getState().step(1);
    expect(store.getState().report?.frameIndex).toBe(1);
    await store.getState().goToFrame(1000);
    expect(store.getState().report?.frameIndex).toBe(47);
    await store.getState().goToTime(0.5);
    expect(store.getState().report?.frameIndex).toBe(12);
  });

  it('ignores a slow answer that a newer request overtook', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = createAppStore(
      api({
        frame: async ({ index }) => {
          if (index === 1) await gate;
          return { ...paddedNv12Device(), frameIndex: index };
        },
      }),
    );
    await store.getState().openFile('/v.mp4');
    const slow = store.getState().goToFrame(1);
    await store.getState().goToFrame(2);
    release();
    await slow;
    expect(store.getState().report?.frameIndex).toBe(2);
  });
});

describe('ui and env slices', () => {
  it('track progress, help and theme', async () => {
    const fake = api();
    const store = createAppStore(fake);
    fake.fire('progress', { stage: 'opening', message: 'Opening', fraction: null });
    expect(store.getState().progress?.stage).toBe('opening');
    fake.fire('progress', { stage: 'done', message: '', fraction: 1 });
    expect(store.getState().progress).toBeNull();
    store.getState().toggleHelp();
    expect(store.getState().helpOpen).toBe(true);
    await store.getState().toggleTheme();
    expect(store.getState().settings.theme).toBe('light');
    expect(fake.calls.at(-1)).toEqual({ method: 'setSettings', params: { theme: 'light' } });
  });
});

describe('shortcuts', () => {
  const key = (k: string, extra: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) => ({
    key: k,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...extra,
  });
  it('map keys to actions, except inside fields and with modifiers', () => {
    expect(actionFor(key('ArrowRight'), false)).toBe('next');
    expect(actionFor(key('ArrowLeft', { shiftKey: true }), false)).toBe('prev10');
    expect(actionFor(key('?'), false)).toBe('help');
    expect(actionFor(key('ArrowRight'), true)).toBeNull();
    expect(actionFor(key('Escape'), true)).toBe('escape');
    expect(actionFor(key('t', { ctrlKey: true }), false)).toBeNull();
  });
});
