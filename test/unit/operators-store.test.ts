import { describe, expect, it } from 'vitest';
import type { EventMap, EventName, MethodName, ParamsOf, ResultOf } from '../../electron/common/contract';
import { RpcFailure, rpcError } from '../../electron/common/envelope';
import type { PreviewParams, PreviewWire } from '../../electron/common/preview';
import { DEFAULT_SETTINGS } from '../../electron/common/settings';
import type { RpcApi } from '../../renderer/src/rpc/client';
import { DEFAULT_OPERATOR, previewParams } from '../../renderer/src/store/operators-slice';
import { createAppStore } from '../../renderer/src/store/store';
import { captureSummary } from '../support/capture-summary';
import { gpuConvertPreview, referenceOnlyPreview } from '../support/previews';
import { paddedNv12Device, streamInfo } from '../support/reports';

type Answers = { [M in MethodName]?: (params: ParamsOf<M>) => ResultOf<M> | Promise<ResultOf<M>> };

class FakeApi implements RpcApi {
  readonly previews: PreviewParams[] = [];
  constructor(private readonly answers: Answers) {}
  async call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    if (method === 'preview') this.previews.push(params as PreviewParams);
    const answer = this.answers[method] as ((p: ParamsOf<M>) => ResultOf<M>) | undefined;
    if (answer === undefined) throw new RpcFailure(rpcError('INTERNAL', `no answer for ${method}`));
    return answer(params);
  }
  on<E extends EventName>(_event: E, _listener: (payload: EventMap[E]) => void): () => void {
    return () => undefined;
  }
}

const noGpu = () => {
  throw new RpcFailure(
    rpcError(
      'NO_CUDA_DEVICE',
      'Operators run on the GPU and this frame is in host memory (no CUDA device)',
      'Open the file on a machine with an NVIDIA GPU; the CPU reference thumbnail is still available.',
    ),
  );
};

function api(preview: (params: PreviewParams) => PreviewWire | Promise<PreviewWire>): FakeApi {
  return new FakeApi({
    getSettings: () => DEFAULT_SETTINGS,
    open: ({ path }) => ({ info: streamInfo({ path }) }),
    frame: ({ index }) => ({ ...paddedNv12Device(), frameIndex: index }),
    thumbnails: () => [],
    capturedOperators: () => [],
    listRecent: () => [],
    preview,
  });
}

describe('operator requests', () => {
  it('send only the parameters the chosen operator reads, and a forced matrix or range', () => {
    expect(previewParams(DEFAULT_OPERATOR)).toEqual({ op: 'convert', maxWidth: 256, reference: true });
    expect(previewParams({ ...DEFAULT_OPERATOR, op: 'gaussian', kernelSize: 9, sigma: 3 })).toEqual({
      op: 'gaussian',
      maxWidth: 256,
      reference: true,
      kernelSize: 9,
      sigma: 3,
    });
    expect(previewParams({ ...DEFAULT_OPERATOR, op: 'flip', flipCode: -1, matrix: 'bt601' })).toMatchObject({
      op: 'flip',
      flipCode: -1,
      matrix: 'bt601',
    });
    expect(previewParams({ ...DEFAULT_OPERATOR, op: 'threshold', threshold: 40, range: 'full' })).toEqual({
      op: 'threshold',
      maxWidth: 256,
      reference: true,
      threshold: 40,
      range: 'full',
    });
  });
});

describe('operators slice', () => {
  it('runs the chosen operator on every frame shown', async () => {
    const fake = api((params) => gpuConvertPreview({ op: params.op }));
    const store = createAppStore(fake);
    await store.getState().openFile('/v.mp4');
    expect(store.getState().preview?.gpu).toBe(true);
    expect(store.getState().previewFor).toBe(store.getState().report);
    await store.getState().step(1);
    expect(store.getState().previewFor?.frameIndex).toBe(1);
    expect(fake.previews.map((p) => p.op)).toEqual(['convert', 'convert']);
  });

  it('re-runs on the current frame when another operator or parameter is chosen', async () => {
    const fake = api((params) => gpuConvertPreview({ op: params.op }));
    const store = createAppStore(fake);
    await store.getState().openFile('/v.mp4');
    await store.getState().chooseOperator({ op: 'gaussian', kernelSize: 11 });
    expect(store.getState().operator).toMatchObject({ op: 'gaussian', kernelSize: 11 });
    expect(fake.previews.at(-1)).toMatchObject({ op: 'gaussian', kernelSize: 11, sigma: 2 });
    expect(store.getState().preview?.op).toBe('gaussian');
    await store.getState().step(1);
    expect(fake.previews.at(-1)).toMatchObject({ op: 'gaussian', kernelSize: 11 });
  });

  it('keeps why the operator cannot run and falls back to the CPU reference', async () => {
    let frame = 0;
    const fake = api((params) => (params.op === 'reference' ? referenceOnlyPreview(frame) : noGpu()));
    const store = createAppStore(fake);
    await store.getState().openFile('/v.mp4');
    expect(store.getState().previewError).toMatchObject({ code: 'NO_CUDA_DEVICE' });
    expect(store.getState().preview?.op).toBe('reference');
    expect(store.getState().preview?.reference).not.toBeNull();
    expect(store.getState().error).toBeNull();
    frame = 50;
    await store.getState().step(1);
    expect(store.getState().previewFor?.frameIndex).toBe(1);
    expect(store.getState().preview?.reference).toEqual(referenceOnlyPreview(50).reference);
    expect(fake.previews.map((p) => p.op)).toEqual(['convert', 'reference', 'convert', 'reference']);
  });

  it('clears the error once the operator runs again', async () => {
    let gpu = false;
    const fake = api((params) =>
      params.op === 'reference' ? referenceOnlyPreview() : gpu ? gpuConvertPreview() : noGpu(),
    );
    const store = createAppStore(fake);
    await store.getState().openFile('/v.mp4');
    expect(store.getState().previewError).not.toBeNull();
    gpu = true;
    await store.getState().runPreview();
    expect(store.getState().previewError).toBeNull();
    expect(store.getState().preview?.gpu).toBe(true);
  });

  it('ignores a slow result that a newer choice overtook', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = api(async (params) => {
      if (params.op === 'flip') await gate;
      return gpuConvertPreview({ op: params.op });
    });
    const store = createAppStore(fake);
    await store.getState().openFile('/v.mp4');
    const slow = store.getState().chooseOperator({ op: 'flip' });
    await store.getState().chooseOperator({ op: 'threshold' });
    release();
    await slow;
    expect(store.getState().preview?.op).toBe('threshold');
    expect(store.getState().previewRunning).toBe(false);
  });

  it('leaves a replayed capture to the previews it was saved with', async () => {
    const fake = api(() => gpuConvertPreview());
    const store = createAppStore(fake);
    await store.getState().openFile('/v.mp4');
    store.setState({ capture: captureSummary() });
    await store.getState().step(1);
    expect(fake.previews).toHaveLength(1);
    expect(store.getState().preview).toBeNull();
  });

  it('shows nothing without a frame', async () => {
    const fake = api(() => gpuConvertPreview());
    const store = createAppStore(fake);
    await store.getState().runPreview();
    expect(store.getState().preview).toBeNull();
    expect(fake.previews).toEqual([]);
  });
});
