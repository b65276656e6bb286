import { describe, expect, it } from 'vitest';
import type {
  PreviewOptions,
  PreviewOutcome,
  PreviewResult,
  RgbImage,
  ShowOptions,
  ShowTarget,
} from '../../electron/addon/native';
import type { PreviewOp } from '../../contract/vocabulary';
import { decodePng } from '../../electron/capture/png';
import { previewFiles, withPreviews } from '../../electron/capture/operator-previews';
import { paddedNv12Device, streamInfo } from '../support/reports';

const rgb = (width: number, height: number, value: number): RgbImage => ({
  width,
  height,
  rgb: new Uint8Array(width * height * 3).fill(value),
});

function result(op: PreviewOp, extra: Partial<PreviewResult> = {}): PreviewResult {
  return {
    op,
    gpu: op !== 'reference',
    gpuReason: '',
    converter: op === 'reference' ? '' : 'inspector NV12 kernel',
    thumbnail: op === 'reference' ? null : rgb(8, 4, 100),
    timings: { convertMs: 0.1, opMs: 0.2, resizeMs: 0.05, downloadMs: 0.01, totalMs: 0.36 },
    bytesDownloaded: 96,
    frameBytes: 3_133_440,
    reference: rgb(8, 4, 90),
    referenceMethod: 'swscale nv12 -> rgb24',
    psnr: 47.5,
    maxAbsError: 3,
    meanAbsError: 0.4,
    wrongWrap: null,
    wrongWrapReason: '',
    ...extra,
  };
}

/** What the addon answers for each preview on a GPU: every operator runs except cvtcolor, which this frame's
 * format does not take. */
function gpuOutcome(options: PreviewOptions): PreviewOutcome {
  if (options.op === 'cvtcolor')
    return { result: null, error: { code: 'OPERATOR_UNSUPPORTED', message: 'not for this format', remedy: '' } };
  if (options.op === 'convert')
    return {
      result: result('convert', {
        wrongWrap: rgb(8, 4, 30),
        wrongWrapReason: 'chroma assumed at row 1080, it is at 1088',
      }),
      error: null,
    };
  return { result: result(options.op), error: null };
}

/** A live session's one frame call, answering its previews as gpuOutcome does. */
class GpuSession {
  readonly info = streamInfo();
  calls: ShowOptions[] = [];
  async show(target: ShowTarget, options: ShowOptions = {}) {
    this.calls.push(options);
    return {
      report: { ...paddedNv12Device(), frameIndex: 'index' in target ? target.index : 0 },
      thumbnails: [],
      previews: (options.previews ?? []).map(gpuOutcome),
    };
  }
}

describe('operator previews in captures', () => {
  it('stores each operator that runs, the wrong-wrap pair and the CPU reference, with their figures', async () => {
    const session = new GpuSession();
    const source = withPreviews(session, 320);
    const requests = source.previews?.requests ?? [];
    const shown = await source.show({ index: 5 }, { previews: requests.map((r) => ({ ...r, maxWidth: 320 })) });
    expect(session.calls).toHaveLength(1);
    const files = previewFiles(requests, shown.previews);
    expect(files.map((f) => f.entry.name)).toEqual([
      'convert',
      'wrong-wrap',
      'right-wrap',
      'gaussian',
      'flip',
      'threshold',
      'reference',
    ]);
    expect(files[0]!.entry).toMatchObject({ params: {}, gpuTimeMs: 0.36, psnr: 47.5, maxAbsError: 3, gpu: true });
    expect(files[1]!.entry).toEqual({
      name: 'wrong-wrap',
      params: { reason: 'chroma assumed at row 1080, it is at 1088' },
    });
    expect(files[3]!.entry.params).toEqual({ kernelSize: 7, sigma: 2 });
    expect(files[6]!.entry).toMatchObject({ params: { method: 'swscale nv12 -> rgb24' }, gpuTimeMs: null });
    const picture = decodePng(files[1]!.png);
    expect(picture).toMatchObject({ width: 8, height: 4, channels: 3 });
    expect(picture.data[0]).toBe(30);
  });

  it('keeps only the CPU reference on a machine without a GPU', () => {
    const requests: PreviewOptions[] = [{ op: 'convert' }, { op: 'reference' }];
    const outcomes: PreviewOutcome[] = [
      { result: null, error: { code: 'NO_CUDA_DEVICE', message: 'no GPU', remedy: '' } },
      { result: result('reference'), error: null },
    ];
    expect(previewFiles(requests, outcomes).map((f) => f.entry.name)).toEqual(['reference']);
  });

  it('leaves out an operator that fell back to the CPU reference: its own picture was not made', () => {
    const outcomes: PreviewOutcome[] = [
      { result: result('reference'), error: { code: 'NO_CUDA_DEVICE', message: 'no GPU', remedy: '' } },
    ];
    expect(previewFiles([{ op: 'convert' }], outcomes)).toEqual([]);
  });

  it('asks a live session for every operator, and leaves a capture being re-saved with its stored previews', async () => {
    const stored = { ...new GpuSession(), show: new GpuSession().show, operatorPreviews: async () => ({ files: [] }) };
    expect(withPreviews(stored, 64)).toBe(stored);
    const gpu = new GpuSession();
    const source = withPreviews(gpu, 64);
    expect(source.info).toBe(gpu.info);
    expect(source.previews?.maxWidth).toBe(64);
    expect(source.previews?.requests.map((r) => r.op)).toEqual([
      'convert',
      'cvtcolor',
      'gaussian',
      'flip',
      'threshold',
      'reference',
    ]);
    expect((await source.show({ index: 5 })).report.frameIndex).toBe(5);
  });
});
