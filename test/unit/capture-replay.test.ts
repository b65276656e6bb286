import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeCapture, encodeCapture } from '../../electron/capture/capture-file';
import { CaptureSession, shrinkGrey } from '../../electron/capture/capture-session';
import { selectFrames } from '../../electron/backend/handlers/capture';
import { ClientSession } from '../../electron/backend/client-session';
import { createHandlers } from '../../electron/backend/handlers/index';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import { Persistence } from '../../electron/backend/persist';
import { DEFAULT_CAPTURE_THUMBNAIL_WIDTH } from '../../electron/common/capture';
import type { Session } from '../../native/index';
import { addon, addonStatus, fixture, hasGpu } from '../support/addon';
import { gradient, sampleCapture } from '../support/captures';

// 642x362 H.264, 36 frames at 24 fps; its top band carries the frame index, so every frame's pixels differ.
const CLIP = fixture('h264-odd-642x362.mp4');

let dir: string;
let video: string;
let opened: { client: ClientSession; persistence: Persistence }[] = [];

function setup() {
  const persistence = new Persistence(path.join(dir, 'config'));
  const handlers = createHandlers({
    addon,
    addonStatus,
    persistence,
    samplePath: null,
    cwd: dir,
    startedAt: new Date(0),
    app: { name: 'zerocopy-inspector', version: '9.9.9' },
  });
  const ctx: HandlerContext = { client: new ClientSession(), emit: vi.fn() };
  opened.push({ client: ctx.client, persistence });
  return { handlers, ctx };
}

/** Opens clip.mp4 through the handlers; returns the addon Session with an observing spy on its frame(). */
async function openLive(handlers: Handlers, ctx: HandlerContext) {
  await handlers.open({ path: 'clip.mp4' }, ctx);
  const live = ctx.client.current() as Session;
  return { live, frame: vi.spyOn(live, 'frame') };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-replay-'));
  video = path.join(dir, 'clip.mp4');
  await copyFile(CLIP, video);
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const { client, persistence } of opened) {
    client.close();
    await persistence.flush();
  }
  opened = [];
  await rm(dir, { recursive: true, force: true });
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
    const { live, frame } = await openLive(handlers, ctx);
    const seen = [await handlers.frame({ index: 4 }, ctx), await handlers.frame({ index: 1 }, ctx)];
    expect(seen.map((report) => report.aliasing.ran)).toEqual([true, true]);
    const saved = await handlers.saveCapture({ path: 'demo.zci' }, ctx);
    expect(saved).toMatchObject({ path: path.join(dir, 'demo.zci'), frames: [1, 4] });
    expect(saved.bytes).toBeGreaterThan(200);
    // Saving decoded each frame again only for its thumbnails (no second proof), then went back to frame 1.
    expect(frame.mock.calls.slice(2)).toEqual([
      [1, { proof: false }],
      [4, { proof: false }],
      [1, { proof: false }],
    ]);
    expect(ctx.emit).toHaveBeenCalledWith('progress', expect.objectContaining({ stage: 'capturing' }));
    const shown = await live.thumbnails(DEFAULT_CAPTURE_THUMBNAIL_WIDTH);

    const replayed = await handlers.openCapture({ path: 'demo.zci' }, ctx);
    expect(live.closed).toBe(true);
    expect(replayed.info).toMatchObject({ ...live.info, path: 'clip.mp4' });
    expect(replayed.capture).toMatchObject({
      frames: [1, 4],
      selection: 'visited',
      source: { fileName: 'clip.mp4', size: (await stat(CLIP)).size },
      app: { version: '9.9.9' },
      environment: { cuda: { deviceCount: addon.environment().cuda.deviceCount } },
      gpu: hasGpu ? expect.stringContaining('driver') : 'no CUDA device',
    });
    // The reports shown, with their proofs, not those of the decodes made while saving.
    expect(await handlers.frame({ index: 4 }, ctx)).toEqual(seen[0]);
    expect(await handlers.frame({ index: 1 }, ctx)).toEqual(seen[1]);
    const thumbnails = await handlers.thumbnails({ maxWidth: DEFAULT_CAPTURE_THUMBNAIL_WIDTH }, ctx);
    expect(thumbnails.map((thumb) => thumb.data)).toEqual(
      shown.map((thumb) => Buffer.from(thumb.data.subarray(0, thumb.width * thumb.height)).toString('base64')),
    );
    await expect(handlers.frame({ index: 2 }, ctx)).rejects.toMatchObject({ code: 'CAPTURE_FRAME_MISSING' });
    // The CPU reference is stored on any machine; GPU operators only where they ran.
    const operators = await handlers.capturedOperators({ index: 1 }, ctx);
    expect(operators.map((op) => op.name)).toContain('reference');
    if (!hasGpu) expect(operators.map((op) => op.name)).toEqual(['reference']);
  });

  it('saves a range with fresh decodes and proofs, and re-saves part of a capture', async () => {
    const { handlers, ctx } = setup();
    const { frame } = await openLive(handlers, ctx);
    await handlers.frame({ index: 0 }, ctx);
    await handlers.saveCapture({ path: 'range.zci', frames: { from: 10, to: 12 }, thumbnailWidth: 32 }, ctx);
    expect(frame.mock.calls.slice(1)).toEqual([
      [10, { proof: true }],
      [11, { proof: true }],
      [12, { proof: true }],
      [0, { proof: false }],
    ]);
    const { capture } = await handlers.openCapture({ path: 'range.zci' }, ctx);
    expect(capture).toMatchObject({ frames: [10, 11, 12], selection: 'range' });
    await handlers.frame({ index: 11 }, ctx);
    expect((await handlers.thumbnails({ maxWidth: 480 }, ctx))[0]).toMatchObject({ name: 'Y', width: 32 });
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
    const { live } = await openLive(handlers, ctx);
    await expect(handlers.openCapture({ path: 'clip.mp4' }, ctx)).rejects.toMatchObject({ code: 'CAPTURE_INVALID' });
    expect(live.closed).toBe(false);
    expect(ctx.client.current()).toBe(live);
    expect((await handlers.frame({ index: 3 }, ctx)).frameIndex).toBe(3);
  });
});
