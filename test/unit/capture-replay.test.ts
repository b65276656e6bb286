import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeCapture, encodeCapture } from '../../electron/backend/capture/capture-file';
import { CaptureSession, shrinkGrey } from '../../electron/backend/capture/capture-session';
import { selectFrames } from '../../electron/backend/capture-handlers';
import { ClientSession, type SessionLike } from '../../electron/backend/client-session';
import { createHandlers, type AddonLike, type HandlerContext } from '../../electron/backend/handlers';
import { Persistence } from '../../electron/backend/persist';
import type { FrameReport } from '../../electron/common/report';
import { gradient, sampleCapture } from '../support/captures';
import { gpuEnvironment, paddedNv12Device, streamInfo } from '../support/reports';

/** A live session whose every decode differs (its timing counts calls), like a real decoder's would. */
class CountingSession implements SessionLike {
  closed = false;
  calls: { index: number; proof: boolean | undefined }[] = [];
  private current = 0;
  constructor(readonly info = streamInfo()) {}
  async frame(index: number, options?: { proof?: boolean }): Promise<FrameReport> {
    this.calls.push({ index, proof: options?.proof });
    this.current = index;
    const report = { ...paddedNv12Device(), frameIndex: index, timeSeconds: index / 24 };
    report.timings = { ...report.timings, decodeUs: this.calls.length };
    return report;
  }
  async frameAtTime(seconds: number): Promise<FrameReport> {
    return this.frame(Math.round(seconds * 24));
  }
  async thumbnails(maxWidth: number) {
    const width = Math.min(maxWidth, 40);
    return [{ plane: 0, name: 'Y', width, height: 10, data: gradient(width, 10, this.current) }];
  }
  close(): void {
    this.closed = true;
  }
}

let dir: string;
let live: CountingSession;

function setup() {
  const addon: AddonLike = {
    Session: { open: async (file) => (live = new CountingSession(streamInfo({ path: file }))) },
    environment: () => gpuEnvironment(),
    setLibraryPath: vi.fn(),
  };
  const handlers = createHandlers({
    addon,
    addonStatus: { loaded: true, path: '/x', error: null },
    persistence: new Persistence(path.join(dir, 'config')),
    samplePath: null,
    cwd: dir,
    startedAt: new Date(0),
    app: { name: 'zerocopy-inspector', version: '9.9.9' },
  });
  const ctx: HandlerContext = { client: new ClientSession(), emit: vi.fn() };
  return { handlers, ctx };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-replay-'));
  await writeFile(path.join(dir, 'clip.mp4'), 'stand-in video bytes');
});

describe('CaptureSession', () => {
  const session = () => new CaptureSession(decodeCapture(encodeCapture(sampleCapture([0, 3, 7])), 'c.zci'), '/c.zci');

  it('serves the captured reports and thumbnails of the frame shown', async () => {
    const replay = session();
    expect(await replay.thumbnails(64)).toEqual([]);
    expect(await replay.frame(3)).toEqual(sampleCapture([3]).manifest.frames[0]!.report);
    const [y, uv] = await replay.thumbnails(1024);
    expect(y).toMatchObject({ plane: 0, name: 'Y', width: 64, height: 36 });
    expect(y!.data).toEqual(gradient(64, 36, 3));
    expect(uv).toMatchObject({ plane: 1, width: 32, height: 18 });
    const [small] = await replay.thumbnails(32);
    expect(small).toMatchObject({ width: 32, height: 18 });
  });

  it('tells a frame that was not captured from one past the end', async () => {
    const replay = session();
    await expect(replay.frame(5)).rejects.toMatchObject({ code: 'CAPTURE_FRAME_MISSING' });
    await expect(replay.frame(5)).rejects.toThrow('it holds frames 0, 3, 7');
    await expect(replay.frame(48)).rejects.toMatchObject({ code: 'FRAME_OUT_OF_RANGE' });
  });

  it('goes to the captured frame nearest a time', async () => {
    expect((await session().frameAtTime(0.2)).frameIndex).toBe(3);
    expect((await session().frameAtTime(100)).frameIndex).toBe(7);
  });

  it('says where, when and on which GPU, and which frames carry operators', () => {
    expect(session().summary).toMatchObject({
      path: '/c.zci',
      createdAt: '2026-11-30T10:00:00.000Z',
      machine: { hostname: 'gpu-box' },
      frames: [0, 3, 7],
      framesWithOperators: [3],
      gpu: 'Test GPU, driver 12.4, CUDA runtime 12.4',
    });
  });

  it('sends operator previews as base64 PNGs with their figures', () => {
    const [wrong, right] = session().operators(3);
    expect(wrong).toMatchObject({ name: 'wrong-wrap', params: { assumedChromaRow: 1080 }, gpuTimeMs: null });
    expect(right).toMatchObject({ name: 'right-wrap', gpuTimeMs: 0.12, psnr: 48.5, maxAbsError: null });
    expect(Buffer.from(wrong!.png, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(session().operators(0)).toEqual([]);
  });

  it('refuses calls once closed', async () => {
    const replay = session();
    replay.close();
    expect(replay.closed).toBe(true);
    await expect(replay.frame(0)).rejects.toMatchObject({ code: 'CLOSED' });
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

describe('saveCapture and openCapture', () => {
  it('saves the reports the user was shown, then replays them unchanged', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: 'clip.mp4' }, ctx);
    const seen = [await handlers.frame({ index: 4 }, ctx), await handlers.frame({ index: 1 }, ctx)];
    const saved = await handlers.saveCapture({ path: 'demo.zci' }, ctx);
    expect(saved).toMatchObject({ path: path.join(dir, 'demo.zci'), frames: [1, 4] });
    expect(saved.bytes).toBeGreaterThan(200);
    // Saving decoded each frame again only for its thumbnails (no second proof), then went back to frame 1.
    expect(live.calls.slice(2)).toEqual([
      { index: 1, proof: false },
      { index: 4, proof: false },
      { index: 1, proof: false },
    ]);
    expect(ctx.emit).toHaveBeenCalledWith('progress', expect.objectContaining({ stage: 'capturing' }));

    const opened = await handlers.openCapture({ path: 'demo.zci' }, ctx);
    expect(live.closed).toBe(true);
    expect(opened.info).toMatchObject(streamInfo({ path: 'clip.mp4' }));
    expect(opened.capture).toMatchObject({
      frames: [1, 4],
      selection: 'visited',
      source: { fileName: 'clip.mp4', size: 20 },
      app: { version: '9.9.9' },
      gpu: 'Test GPU, driver 12.4, CUDA runtime 12.4',
    });
    expect(await handlers.frame({ index: 4 }, ctx)).toEqual(seen[0]);
    expect(await handlers.frame({ index: 1 }, ctx)).toEqual(seen[1]);
    const [thumb] = await handlers.thumbnails({ maxWidth: 240 }, ctx);
    expect(Buffer.from(thumb!.data, 'base64')).toEqual(Buffer.from(gradient(40, 10, 1)));
    await expect(handlers.frame({ index: 2 }, ctx)).rejects.toMatchObject({ code: 'CAPTURE_FRAME_MISSING' });
    expect(await handlers.capturedOperators({ index: 1 }, ctx)).toEqual([]);
  });

  it('saves a range with fresh decodes and proofs, and re-saves part of a capture', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: 'clip.mp4' }, ctx);
    await handlers.frame({ index: 0 }, ctx);
    await handlers.saveCapture({ path: 'range.zci', frames: { from: 10, to: 12 }, thumbnailWidth: 32 }, ctx);
    expect(live.calls.slice(1, 4)).toEqual([
      { index: 10, proof: true },
      { index: 11, proof: true },
      { index: 12, proof: true },
    ]);
    const { capture } = await handlers.openCapture({ path: 'range.zci' }, ctx);
    expect(capture).toMatchObject({ frames: [10, 11, 12], selection: 'range' });
    await handlers.saveCapture({ path: 'part.zci', frames: [11] }, ctx);
    const part = await handlers.openCapture({ path: 'part.zci' }, ctx);
    expect(part.capture).toMatchObject({ frames: [11], selection: 'list', createdAt: capture.createdAt });
  });

  it('writes only .zci files into folders that exist, and needs an open file', async () => {
    const { handlers, ctx } = setup();
    await expect(handlers.saveCapture({ path: 'x.zci' }, ctx)).rejects.toMatchObject({ code: 'CLOSED' });
    await handlers.open({ path: 'clip.mp4' }, ctx);
    await handlers.frame({ index: 0 }, ctx);
    await expect(handlers.saveCapture({ path: 'notes.txt' }, ctx)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(handlers.saveCapture({ path: 'no/such/dir/x.zci' }, ctx)).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
    });
  });

  it('answers CAPTURE_INVALID for a file that is not a capture, and keeps the open session', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: 'clip.mp4' }, ctx);
    await expect(handlers.openCapture({ path: 'clip.mp4' }, ctx)).rejects.toMatchObject({ code: 'CAPTURE_INVALID' });
    expect(live.closed).toBe(false);
  });
});
