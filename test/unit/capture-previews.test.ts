import { describe, expect, it } from 'vitest';
import type { PreviewOptions, PreviewResult, RgbImage } from '../../electron/addon/native';
import type { PreviewOp } from '../../electron/common/vocabulary';
import { decodePng } from '../../electron/capture/png';
import { canPreview, capturePreviews, withPreviews } from '../../electron/capture/operator-previews';
import { RpcFailure, rpcError } from '../../electron/common/envelope';
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

/** A GPU session: every operator works except cvtcolor, which this frame's format does not take. */
class GpuSession {
  readonly info = streamInfo();
  requests: PreviewOptions[] = [];
  async frame(index: number) {
    return { ...paddedNv12Device(), frameIndex: index };
  }
  async thumbnails() {
    return [];
  }
  async preview(options: PreviewOptions): Promise<PreviewResult> {
    this.requests.push(options);
    if (options.op === 'cvtcolor') throw new RpcFailure(rpcError('INVALID_ARGUMENT', 'not for this format'));
    if (options.op === 'convert')
      return result('convert', {
        wrongWrap: rgb(8, 4, 30),
        wrongWrapReason: 'chroma assumed at row 1080, it is at 1088',
      });
    return result(options.op);
  }
}

describe('operator previews in captures', () => {
  it('stores each operator that runs, the wrong-wrap pair and the CPU reference, with their figures', async () => {
    const session = new GpuSession();
    const { files } = await capturePreviews(session, 320);
    expect(session.requests.every((r) => r.maxWidth === 320)).toBe(true);
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

  it('keeps only the CPU reference on a machine without a GPU', async () => {
    const cpu = {
      preview: async (options: PreviewOptions) => {
        if (options.op !== 'reference') throw new RpcFailure(rpcError('NO_CUDA_DEVICE', 'no GPU'));
        return result('reference');
      },
    };
    expect((await capturePreviews(cpu, 64)).files.map((f) => f.entry.name)).toEqual(['reference']);
  });

  it('adds previews only to sessions that can make them', async () => {
    const plain = { info: streamInfo(), frame: new GpuSession().frame, thumbnails: async () => [] };
    expect(canPreview(plain)).toBe(false);
    expect(withPreviews(plain, 64)).toBe(plain);
    const gpu = new GpuSession();
    const source = withPreviews(gpu, 64);
    expect(source.info).toBe(gpu.info);
    expect((await source.frame(5)).frameIndex).toBe(5);
    expect((await source.operatorPreviews?.())?.files.length).toBe(7);
  });
});
