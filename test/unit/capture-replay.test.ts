/** A capture replayed without its video: the captured reports, thumbnails and operator previews, and frame selection. */
import { describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { encodeCapture } from '../../electron/capture/capture-write';
import { CaptureSession, shrinkGrey } from '../../electron/capture/capture-session';
import { selectFrames } from '../../electron/backend/handlers/capture';
import { gradient, sampleCapture } from '../support/captures';

describe('CaptureSession', () => {
  const bytes = Buffer.from(encodeCapture(sampleCapture([0, 3, 7])));
  const session = async () => new CaptureSession(await readCapture(bytes, 'c.zci'), '/c.zci');

  it('serves the captured report and thumbnails of the frame it names', async () => {
    const replay = await session();
    const shown = await replay.show({ index: 3 }, { thumbnailWidth: 1024 });
    expect(shown.report).toEqual(sampleCapture([3]).manifest.frames[0]!.report);
    const [y, uv] = shown.thumbnails ?? [];
    expect(y).toMatchObject({ plane: 0, name: 'Y', width: 64, height: 36 });
    expect(y!.data).toEqual(gradient(64, 36, 3));
    expect(uv).toMatchObject({ plane: 1, width: 32, height: 18 });
    const [small] = (await replay.show({ index: 3 }, { thumbnailWidth: 32 })).thumbnails ?? [];
    expect(small).toMatchObject({ width: 32, height: 18 });
    expect((await replay.show({ index: 3 })).thumbnails).toBeNull();
  });

  it('answers each preview asked of it with OPERATOR_UNSUPPORTED: it holds only the previews it was saved with', async () => {
    const shown = await (await session()).show({ index: 0 }, { previews: [{ op: 'reference' }, { op: 'convert' }] });
    expect(shown.previews.map((p) => [p.result, p.error?.code])).toEqual([
      [null, 'OPERATOR_UNSUPPORTED'],
      [null, 'OPERATOR_UNSUPPORTED'],
    ]);
  });

  it('tells a frame that was not captured from one past the end', async () => {
    const replay = await session();
    await expect(replay.show({ index: 5 })).rejects.toMatchObject({ code: 'CAPTURE_FRAME_MISSING' });
    await expect(replay.show({ index: 5 })).rejects.toThrow('it holds frames 0, 3, 7');
    await expect(replay.show({ index: 48 })).rejects.toMatchObject({ code: 'FRAME_OUT_OF_RANGE' });
  });

  it('goes to the captured frame nearest a time', async () => {
    expect((await (await session()).show({ seconds: 0.2 })).report.frameIndex).toBe(3);
    expect((await (await session()).show({ seconds: 100 })).report.frameIndex).toBe(7);
  });

  it('says where, when and on which GPU, and which frames carry operators', async () => {
    expect((await session()).summary).toMatchObject({
      path: '/c.zci',
      createdAt: '2026-11-30T10:00:00.000Z',
      machine: { hostname: 'gpu-box' },
      frames: [0, 3, 7],
      framesWithOperators: [3],
      gpu: 'Test GPU, driver 12.4, CUDA runtime 12.4',
    });
  });

  it('sends operator previews as base64 PNGs with their figures', async () => {
    const replay = await session();
    const [wrong, right] = replay.operators(3);
    expect(wrong).toMatchObject({ name: 'wrong-wrap', params: { assumedChromaRow: 1080 }, gpuTimeMs: null });
    expect(right).toMatchObject({ name: 'right-wrap', gpuTimeMs: 0.12, psnr: 48.5, maxAbsError: null });
    expect(Buffer.from(wrong!.png, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(replay.operators(0)).toEqual([]);
  });

  it('refuses calls once closed', async () => {
    const replay = await session();
    replay.close();
    expect(replay.closed).toBe(true);
    await expect(replay.show({ index: 0 })).rejects.toMatchObject({ code: 'CLOSED' });
  });
});

describe('shrinkGrey', () => {
  it('keeps the aspect and samples the nearest pixel', () => {
    const out = shrinkGrey(
      { plane: 0, name: 'Y', width: 4, height: 2, data: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]) },
      2,
    );
    expect(out).toMatchObject({ width: 2, height: 1 });
    expect([...out.data]).toEqual([1, 3]);
  });
});

describe('selectFrames', () => {
  it('uses the visited frames by default, or a list, or a range', () => {
    expect(selectFrames(undefined, [2, 5])).toEqual({ frames: [2, 5], selection: 'visited' });
    expect(selectFrames([9, 1, 9], [])).toEqual({ frames: [1, 9], selection: 'list' });
    expect(selectFrames({ from: 3, to: 5 }, [])).toEqual({ frames: [3, 4, 5], selection: 'range' });
    expect(() => selectFrames(undefined, [])).toThrow(/No frame has been shown/);
  });
});
