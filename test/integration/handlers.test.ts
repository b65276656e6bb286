import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAddon } from '../../electron/addon/load-addon';
import { ClientSession, RETIRE_DELAY_MS } from '../../electron/backend/client-session';
import { createHandlers } from '../../electron/backend/handlers/index';
import type { BackendDeps, HandlerContext } from '../../electron/backend/handlers/types';
import { Persistence } from '../../electron/backend/persist';
import type { AddonStatus } from '../../contract/contract';
import { addon, addonStatus } from '../support/live/addon';
import { sampleCaptureBytes } from '../support/captures';
import { fixture } from '../support/paths';
import { PathPolicy } from '../../electron/app/path-policy';
import { METHODS } from '../../contract/contract';
import { OpenedSessions } from '../support/live/opened-sessions';

// 642x362 H.264, 36 frames at 24 fps: the addon opens it in a few milliseconds.
const CLIP = 'h264-odd-642x362.mp4';

let dir: string;
let video: string;
const opened = new OpenedSessions();

function setup(
  withAddon: BackendDeps['addon'] = addon,
  status: AddonStatus = addonStatus,
  more: Partial<BackendDeps> = {},
) {
  const persistence = new Persistence(path.join(dir, 'config'));
  const deps: BackendDeps = {
    ...more,
    addon: withAddon,
    addonStatus: status,
    persistence,
    samplePath: null,
    cwd: dir,
    paths: PathPolicy.root('/'),
    startedAt: new Date(0),
  };
  const ctx = { client: new ClientSession(), emit: vi.fn<HandlerContext['emit']>() };
  opened.track(ctx.client, persistence);
  return { handlers: createHandlers(deps), ctx, persistence };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-handlers-'));
  video = path.join(dir, 'clip.mp4');
  await copyFile(fixture(CLIP), video);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await opened.release();
  await rm(dir, { recursive: true, force: true });
});

describe('open', () => {
  it('opens a file named relative to the working folder and records it in recents', async () => {
    const open = vi.spyOn(addon.Session, 'open');
    const { handlers, ctx, persistence } = setup();
    const result = await handlers.open({ path: 'clip.mp4' }, ctx);
    expect(result.info).toMatchObject({ path: video, width: 642, height: 362, frameCount: 36 });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]).toEqual([video, expect.objectContaining({ decode: 'auto', holdFrames: 2 })]);
    expect(persistence.listRecent().map((entry) => entry.path)).toEqual([video]);
    expect(ctx.emit).toHaveBeenCalledWith('progress', expect.objectContaining({ stage: 'opening' }));
  });

  it('refuses NUL bytes, folders and missing files before the addon sees them', async () => {
    const open = vi.spyOn(addon.Session, 'open');
    const { handlers, ctx } = setup();
    await mkdir(path.join(dir, 'folder'));
    await expect(handlers.open({ path: 'clip.mp4\0.txt' }, ctx)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(handlers.open({ path: 'folder' }, ctx)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(handlers.open({ path: '/no/such/file.mp4' }, ctx)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect(open).not.toHaveBeenCalled();
  });

  it('says the addon is missing, with a remedy, when it could not be loaded', async () => {
    const missing = loadAddon(path.join(dir, 'no-addon', 'index.cjs'));
    expect(missing.addon).toBeNull();
    const { handlers, ctx } = setup(missing.addon, missing.status);
    const failure = handlers.open({ path: video }, ctx);
    await expect(failure).rejects.toMatchObject({ code: 'INTERNAL', remedy: expect.stringContaining('build:native') });
    await expect(failure).rejects.toThrow(/index\.cjs is missing/);
  });

  it("tears down the previous Session once the new file's first frame is answered, not beside its decode", async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const first = ctx.client.current();
    await handlers.open({ path: video }, ctx);
    expect(ctx.client.current()).not.toBe(first);
    expect(first.closed).toBe(false);
    await handlers.show({ target: { index: 0 } }, ctx);
    expect(first.closed).toBe(true);
    expect(ctx.client.current().closed).toBe(false);
  });

  it('tears down the previous Session after RETIRE_DELAY_MS when no frame is asked for, and at once on a third open', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const first = ctx.client.current();
    await handlers.open({ path: video }, ctx);
    const second = ctx.client.current();
    await handlers.open({ path: video }, ctx);
    expect(first.closed).toBe(true);
    expect(second.closed).toBe(false);
    await vi.waitFor(() => expect(second.closed).toBe(true), { timeout: RETIRE_DELAY_MS + 2000, interval: 50 });
    expect(ctx.client.current().closed).toBe(false);
  });

  it('closing the file tears down the Session set aside too', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const first = ctx.client.current();
    await handlers.open({ path: video }, ctx);
    await handlers.close({}, ctx);
    expect(first.closed).toBe(true);
  });
});

describe('frames', () => {
  it('answers CLOSED before any file is open', async () => {
    const { handlers, ctx } = setup();
    await expect(handlers.show({ target: { index: 0 } }, ctx)).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it('answers frame requests latest-wins: one waiting behind a newer one is SUPERSEDED, never decoded', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    ctx.emit.mockClear();
    // Sent together, as a held key would: the addon answers BUSY to overlapping calls, so all of them queue, and
    // each one still waiting when a newer one arrives is dropped.
    const settled = await Promise.allSettled([1, 2, 3, 4].map((index) => handlers.show({ target: { index } }, ctx)));
    const answered = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.report.frameIndex] : []));
    const dropped = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as { code: string }).code] : []));
    expect(answered.at(-1)).toBe(4);
    expect(answered).toEqual([...answered].sort((a, b) => a - b));
    expect(dropped.length).toBeGreaterThan(0);
    expect(new Set(dropped)).toEqual(new Set(['SUPERSEDED']));
    expect(ctx.client.superseded).toBe(dropped.length);
    // A step costs no progress events.
    expect(ctx.emit).not.toHaveBeenCalled();
    // Requests sent one after another all run, in order.
    const inOrder = [];
    for (const index of [5, 6, 7]) inOrder.push((await handlers.show({ target: { index } }, ctx)).report.frameIndex);
    expect(inOrder).toEqual([5, 6, 7]);
  });

  it('remembers the last frame for recents and for a restart', async () => {
    const { handlers, ctx, persistence } = setup();
    await handlers.open({ path: video }, ctx);
    const answer = await handlers.show({ target: { seconds: 0.5 } }, ctx);
    expect(answer.report.frameIndex).toBe(12);
    expect(ctx.client.snapshot()).toEqual({ lastFile: video, lastFrame: 12 });
    expect(persistence.listRecent()[0]?.lastFrame).toBe(12);
  });

  it('brings back thumbnails with the frame, as the grey bytes only', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const answer = await handlers.show({ target: { index: 5 }, options: { thumbnailWidth: 64 } }, ctx);
    expect(answer.report.frameIndex).toBe(5);
    const wire = answer.thumbnails ?? [];
    const direct =
      (await ctx.client.current().show({ index: 5 }, { proof: false, thumbnailWidth: 64 })).thumbnails ?? [];
    expect(wire.map((thumb) => thumb.name)).toEqual(['Y', 'U', 'V']);
    expect(wire).toEqual(
      direct.map(({ plane, name, width, height, data }) => ({
        plane,
        name,
        width,
        height,
        data: Uint8Array.from(data.subarray(0, width * height)),
      })),
    );
    for (const thumb of wire) expect(thumb.data).toHaveLength(thumb.width * thumb.height);
    expect(answer.previews).toEqual([]);
  });

  it('brings back the operator preview with the frame, or the CPU reference with why the operator could not run', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const gpuHere = addon.environment().cuda.deviceCount > 0;
    const answer = await handlers.show(
      { target: { index: 3 }, options: { previews: [{ op: 'convert', maxWidth: 64 }], fallbackToReference: true } },
      ctx,
    );
    expect(answer.report.frameIndex).toBe(3);
    const [outcome] = answer.previews;
    if (gpuHere) {
      expect(outcome?.error).toBeNull();
      expect(outcome?.result?.op).toBe('convert');
    } else {
      expect(outcome?.error?.code).toBe('NO_CUDA_DEVICE');
      expect(outcome?.result?.op).toBe('reference');
      expect(outcome?.result?.reference?.width).toBe(64);
    }
    // A preview names its frame; asking for the frame held last does not decode it again.
    const again = await handlers.show(
      { target: { index: 3 }, options: { proof: false, previews: [{ op: 'reference', maxWidth: 32 }] } },
      ctx,
    );
    expect(again.previews[0]?.result?.reference?.width).toBe(32);
  });

  it('reads a frame of a capture for A/B without touching what the client has open', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const shown = await handlers.show({ target: { index: 2 } }, ctx);
    const capture = path.join(dir, 'other.zci');
    await writeFile(capture, sampleCaptureBytes([0, 3, 7]));
    const other = await handlers.captureFrame({ path: capture, index: 3, thumbnails: { maxWidth: 32 } }, ctx);
    expect(other.report.frameIndex).toBe(3);
    expect(other.capture.frames).toEqual([0, 3, 7]);
    expect(other.thumbnails.map((t) => [t.name, t.width])).toEqual([
      ['Y', 32],
      ['UV', 32],
    ]);
    expect(other.thumbnails[0]!.data).toBeInstanceOf(Uint8Array);
    // The client still has its video open, at the frame it showed.
    expect(ctx.client.current().info.path).toBe(video);
    expect((await handlers.show({ target: { index: 2 } }, ctx)).report.frameIndex).toBe(shown.report.frameIndex);
    await expect(
      handlers.captureFrame({ path: capture, index: 4, thumbnails: { maxWidth: 32 } }, ctx),
    ).rejects.toMatchObject({
      envelope: { code: 'CAPTURE_FRAME_MISSING', message: expect.stringContaining('0, 3, 7') as unknown },
    });
  });

  it('closes on request and reports whether a file was open', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const session = ctx.client.current();
    expect(await handlers.close({}, ctx)).toEqual({ closed: true });
    expect(session.closed).toBe(true);
    expect(await handlers.close({}, ctx)).toEqual({ closed: false });
  });
});

describe('settings', () => {
  afterEach(() => addon.setLibraryPath(null));

  it('takes an FFmpeg choice only when its variant is here, and says which the backend loaded', async () => {
    const { handlers, ctx, persistence } = setup();
    await expect(handlers.setSettings({ ffmpeg: '7.1' }, ctx)).rejects.toMatchObject({
      envelope: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/FFmpeg 7\.1 is not built/) },
    });
    expect(persistence.getSettings().ffmpeg).toBe('system');
    expect((await handlers.environment({}, ctx)).ffmpeg).toEqual({ available: ['system'], loaded: null });
    const built = setup(addon, addonStatus, {
      ffmpeg: { available: ['system', '7.1'], loaded: addon.ffmpegVariant },
    }).handlers;
    const settings = await built.setSettings({ ffmpeg: '7.1', unsafeOutput: true }, ctx);
    expect(settings).toMatchObject({ ffmpeg: '7.1', unsafeOutput: true });
    // Saved before the answer: the next backend reads it from the file.
    const saved = JSON.parse(await readFile(path.join(dir, 'config', 'settings.json'), 'utf8'));
    expect(saved).toMatchObject({ ffmpeg: '7.1', unsafeOutput: true });
    expect((await built.environment({}, ctx)).ffmpeg).toEqual({ available: ['system', '7.1'], loaded: 'system' });
    expect(METHODS.setSettings.params.safeParse({ ffmpeg: '6.1' }).success).toBe(false);
  });

  it('persists a change; the library path is not a setting the RPC can change', async () => {
    const setLibraryPath = vi.spyOn(addon, 'setLibraryPath');
    const { handlers, ctx, persistence } = setup();
    expect((await handlers.setSettings({ theme: 'light' }, ctx)).theme).toBe('light');
    expect(METHODS.setSettings.params.safeParse({ libraryPath: '/tmp/evil' }).success).toBe(false);
    expect(setLibraryPath).not.toHaveBeenCalled();
    // The desktop app's main process sets it (from its own folder dialog), and it persists.
    persistence.setLibraryPath('/opt/cvcuda');
    await persistence.flush();
    const again = new Persistence(path.join(dir, 'config'));
    await again.load();
    expect(again.getSettings()).toMatchObject({ theme: 'light', libraryPath: '/opt/cvcuda' });
  });
});
