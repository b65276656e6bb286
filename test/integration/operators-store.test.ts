import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { MethodName, ParamsOf, ResultOf } from '../../contract/contract';
import type { PreviewParams } from '../../contract/preview';
import type { ShowResult } from '../../contract/show';
import type { RpcApi, RpcClient } from '../../renderer/src/rpc/client';
import { createAppStore } from '../../renderer/src/store/store';
import { recordedPreviews } from '../support/e2e/recorded-previews';
import { hasGpu } from '../support/live/addon';
import { fixture, ROOT } from '../support/paths';
import { serveBuilt } from '../support/live/served-client';
import { servedSuite } from './served-suite';

// 1920x1080 H.264 4:2:0 in 1088 coded rows: the clip the recorded GPU run previewed.
const CLIP = fixture('h264-1080p-420.mp4');
/** The capture made on a GPU machine that ships with the app (frames 0, 24, 48). */
const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

describe.skipIf(!serveBuilt)('operators slice over serve mode (needs npm run build)', () => {
  const serve = servedSuite();

  /** A new client, and the preview requests it sends (an observing spy: every call reaches serve mode). */
  async function client(): Promise<{ rpc: RpcClient; previews: () => PreviewParams[] }> {
    const connection = await serve.connect();
    const call = vi.spyOn(connection.client, 'call');
    // The operators a show asked for: a preview of the frame on screen, or the one a frame step brings back.
    const previews = () =>
      call.mock.calls.flatMap(([method, params]) =>
        method === 'show' ? ((params as ParamsOf<'show'>).options?.previews ?? []) : [],
      );
    return { rpc: connection.client, previews };
  }

  const ops = (previews: PreviewParams[]) => previews.map((params) => params.op);

  it('runs the chosen operator on every frame shown', async () => {
    const { rpc, previews } = await client();
    const store = createAppStore(rpc);
    await store.getState().openFile(CLIP);
    expect(store.getState().preview).not.toBeNull();
    expect(store.getState().previewFor).toBe(store.getState().report);
    await store.getState().step(1);
    expect(store.getState().previewFor?.frameIndex).toBe(1);
    expect(store.getState().previewFor).toBe(store.getState().report);
    expect(ops(previews()).filter((op) => op !== 'reference')).toEqual(['convert', 'convert']);
  });

  it('re-runs on the current frame when another operator or parameter is chosen', async () => {
    const { rpc, previews } = await client();
    const store = createAppStore(rpc);
    await store.getState().openFile(CLIP);
    await store.getState().chooseOperator({ op: 'gaussian', kernelSize: 11 });
    expect(store.getState().operator).toMatchObject({ op: 'gaussian', kernelSize: 11 });
    const chosen = previews().filter((params) => params.op !== 'reference');
    expect(chosen.at(-1)).toEqual({ op: 'gaussian', kernelSize: 11, sigma: 2, maxWidth: 256, reference: true });
    expect(store.getState().previewFor?.frameIndex).toBe(0);
    expect(store.getState().preview?.op).toBe(hasGpu ? 'gaussian' : 'reference');
    await store.getState().step(1);
    expect(
      previews()
        .filter((params) => params.op !== 'reference')
        .at(-1),
    ).toMatchObject({
      op: 'gaussian',
      kernelSize: 11,
    });
    expect(store.getState().previewFor?.frameIndex).toBe(1);
  });

  describe.skipIf(hasGpu)('without a GPU', () => {
    it('keeps why the operator cannot run and falls back to the CPU reference', async () => {
      const { rpc, previews } = await client();
      const store = createAppStore(rpc);
      await store.getState().openFile(CLIP);
      expect(store.getState().previewError).toMatchObject({ code: 'NO_CUDA_DEVICE' });
      expect(store.getState().previewError?.remedy).toContain('CPU reference');
      expect(store.getState().preview?.op).toBe('reference');
      expect(store.getState().preview?.reference).not.toBeNull();
      expect(store.getState().error).toBeNull();
      const first = store.getState().preview?.reference?.rgb;
      await store.getState().step(12);
      expect(store.getState().previewFor?.frameIndex).toBe(12);
      // The reference of the new frame, not the old one's: the frame-index band differs.
      expect(store.getState().preview?.reference?.rgb).not.toBe(first);
      // The CPU reference came back with each frame, in the same request as the operator that could not run.
      expect(ops(previews())).toEqual(['convert', 'convert']);
    });

    it('clears the error once the operator runs again', async () => {
      const { rpc } = await client();
      // This machine's operators fail; a GPU's answers, recorded on one for this clip, stand in once it "has" one.
      const recorded = recordedPreviews('h264-1080p-420.mp4');
      let gpu = false;
      const api: RpcApi = {
        call: async <M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> => {
          const asked = method === 'show' ? ((params as ParamsOf<'show'>).options?.previews ?? []) : [];
          const answer = await rpc.call(method, params);
          if (!gpu || asked.every((preview) => preview.op === 'reference')) return answer;
          // The GPU's recorded answer for every operator asked, in place of this machine's refusal.
          const shown = answer as ShowResult;
          const previews = asked.map((preview, i) =>
            preview.op === 'reference' ? shown.previews[i]! : { result: recorded(preview), error: null },
          );
          return { ...shown, previews } as ResultOf<M>;
        },
        on: (event, listener) => rpc.on(event, listener),
      };
      const store = createAppStore(api);
      await store.getState().openFile(CLIP);
      expect(store.getState().previewError).toMatchObject({ code: 'NO_CUDA_DEVICE' });
      gpu = true;
      await store.getState().runPreview();
      expect(store.getState().previewError).toBeNull();
      expect(store.getState().preview).toMatchObject({ op: 'convert', gpu: true });
    });

    it('ignores a result that a newer choice made stale', async () => {
      const { rpc, previews } = await client();
      const store = createAppStore(rpc);
      await store.getState().openFile(CLIP);
      // Both requests leave before either answer comes back; flip's answer arrives first, and is stale.
      const older = store.getState().chooseOperator({ op: 'flip' });
      await store.getState().chooseOperator({ op: 'threshold' });
      await older;
      // Each choice is one show, its fallback to the reference inside it; only the newest choice's answer is kept.
      expect(ops(previews()).slice(1)).toEqual(['flip', 'threshold']);
      expect(store.getState()).toMatchObject({ operator: { op: 'threshold' }, previewRunning: false });
      expect(store.getState().preview?.op).toBe('reference');
      expect(store.getState().previewError).toMatchObject({ code: 'NO_CUDA_DEVICE' });
    });
  });

  it('lands a step that an operator chosen after it took the place of in the backend', async () => {
    const { rpc } = await client();
    const store = createAppStore(rpc);
    await store.getState().openFile(CLIP);
    // The step waits in the backend behind the first operator's show; the second operator's show takes its place
    // there (latest wins, SUPERSEDED), and the frame slice asks for the step again.
    const first = store.getState().chooseOperator({ op: 'flip' });
    const step = store.getState().step(1);
    const second = store.getState().chooseOperator({ op: 'threshold' });
    await Promise.all([first, step, second]);
    expect(store.getState()).toMatchObject({
      report: { frameIndex: 1 },
      targetFrame: 1,
      loadingFrame: false,
      operator: { op: 'threshold' },
      error: null,
    });
  });

  it('leaves a replayed capture to the previews it was saved with', async () => {
    const { rpc, previews } = await client();
    const store = createAppStore(rpc);
    await store.getState().openFile(CLIP);
    const before = previews().length;
    await store.getState().openFile(GPU_CAPTURE);
    await store.getState().step(1);
    expect(store.getState().report?.frameIndex).toBe(24);
    expect(previews()).toHaveLength(before);
    expect(store.getState().preview).toBeNull();
  });

  it('shows nothing without a frame', async () => {
    const { rpc, previews } = await client();
    const store = createAppStore(rpc);
    await store.getState().runPreview();
    expect(store.getState().preview).toBeNull();
    expect(previews()).toEqual([]);
  });
});
