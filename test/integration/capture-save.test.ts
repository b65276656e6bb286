import { copyFile, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import { DEFAULT_CAPTURE_THUMBNAIL_WIDTH } from '../../contract/capture';
import { addon, hasGpu } from '../support/live/addon';
import { fixture } from '../support/paths';
import { OpenedSessions } from '../support/live/opened-sessions';
import type { LiveSource } from '../../electron/backend/live-source';
import { liveHandlers } from './live-handlers';

// 642x362 H.264, 36 frames at 24 fps; its top band carries the frame index, so every frame's pixels differ.
const CLIP = fixture('h264-odd-642x362.mp4');

let dir: string;
let video: string;
const opened = new OpenedSessions();

function setup() {
  const { handlers, persistence } = liveHandlers(dir, {
    app: { name: 'zerocopy-inspector', version: '9.9.9' },
    configDir: path.join(dir, 'config'),
  });
  const ctx: HandlerContext = { client: new ClientSession(), emit: vi.fn() };
  opened.track(ctx.client, persistence);
  return { handlers, ctx };
}

/** Opens clip.mp4 through the handlers; returns the addon Session with an observing spy on its show(). */
async function openLive(handlers: Handlers, ctx: HandlerContext) {
  await handlers.open({ path: 'clip.mp4' }, ctx);
  const live = (ctx.client.current() as LiveSource).session;
  return { live, frame: vi.spyOn(live, 'show') };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-replay-'));
  video = path.join(dir, 'clip.mp4');
  await copyFile(CLIP, video);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await opened.release();
  await rm(dir, { recursive: true, force: true });
});

/** The frame requests a spy saw, as [index, {proof}] (capture decodes also carry the request's cancel signal). */
const proofs = (calls: unknown[][]) =>
  calls.map(([target, options]) => [
    (target as { index?: number }).index,
    { proof: (options as { proof?: boolean }).proof },
  ]);

describe('saveCapture and openCapture', () => {
  it('saves the reports the user was shown, then replays them unchanged', async () => {
    const { handlers, ctx } = setup();
    const { live, frame } = await openLive(handlers, ctx);
    const answers = [
      await handlers.show({ target: { index: 4 } }, ctx),
      await handlers.show({ target: { index: 1 }, options: { thumbnailWidth: DEFAULT_CAPTURE_THUMBNAIL_WIDTH } }, ctx),
    ];
    const seen = answers.map((answer) => answer.report);
    expect(seen.map((report) => report.aliasing.ran)).toEqual([true, true]);
    frame.mockClear();
    const saved = await handlers.saveCapture({ path: 'demo.zci' }, ctx);
    expect(saved).toMatchObject({ path: path.join(dir, 'demo.zci'), frames: [1, 4] });
    expect(saved.bytes).toBeGreaterThan(200);
    // Saving decoded each frame again only for its thumbnails (no second proof); nothing acts on a "shown" frame,
    // so it does not go back to one.
    expect(proofs(frame.mock.calls)).toEqual([
      [1, { proof: false }],
      [4, { proof: false }],
    ]);
    expect(ctx.emit).toHaveBeenCalledWith('progress', expect.objectContaining({ stage: 'capturing' }));
    const shown = answers[1]?.thumbnails ?? [];

    const replayed = await handlers.openCapture({ path: 'demo.zci' }, ctx);
    // The live file is torn down once the capture has answered its first frame.
    expect(live.closed).toBe(false);
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
    expect((await handlers.show({ target: { index: 4 } }, ctx)).report).toEqual(seen[0]);
    expect(live.closed).toBe(true);
    const replayedOne = await handlers.show(
      { target: { index: 1 }, options: { thumbnailWidth: DEFAULT_CAPTURE_THUMBNAIL_WIDTH } },
      ctx,
    );
    expect(replayedOne.report).toEqual(seen[1]);
    // The step's ledger, saved with the report it was shown with, comes back beside the report as a live show's does.
    expect(replayedOne.ledger).toEqual(answers[1]?.ledger);
    expect('ledger' in replayedOne.report).toBe(false);
    expect(replayedOne.thumbnails?.map((thumb) => thumb.data)).toEqual(shown.map((thumb) => thumb.data));
    await expect(handlers.show({ target: { index: 2 } }, ctx)).rejects.toMatchObject({ code: 'CAPTURE_FRAME_MISSING' });
    // The CPU reference is stored on any machine; GPU operators only where they ran.
    const operators = await handlers.capturedOperators({ index: 1 }, ctx);
    expect(operators.map((op) => op.name)).toContain('reference');
    if (!hasGpu) expect(operators.map((op) => op.name)).toEqual(['reference']);
  });

  it('saves a range with fresh decodes and proofs, and re-saves part of a capture', async () => {
    const { handlers, ctx } = setup();
    const { frame } = await openLive(handlers, ctx);
    await handlers.show({ target: { index: 0 } }, ctx);
    frame.mockClear();
    await handlers.saveCapture({ path: 'range.zci', frames: { from: 10, to: 12 }, thumbnailWidth: 32 }, ctx);
    expect(proofs(frame.mock.calls)).toEqual([
      [10, { proof: true }],
      [11, { proof: true }],
      [12, { proof: true }],
    ]);
    const { capture } = await handlers.openCapture({ path: 'range.zci' }, ctx);
    expect(capture).toMatchObject({ frames: [10, 11, 12], selection: 'range' });
    const eleven = await handlers.show({ target: { index: 11 }, options: { thumbnailWidth: 480 } }, ctx);
    expect(eleven.thumbnails?.[0]).toMatchObject({ name: 'Y', width: 32 });
    await handlers.saveCapture({ path: 'part.zci', frames: [11] }, ctx);
    const part = await handlers.openCapture({ path: 'part.zci' }, ctx);
    expect(part.capture).toMatchObject({ frames: [11], selection: 'list', createdAt: capture.createdAt });
  });

  it('writes only .zci files into folders that exist, and needs an open file', async () => {
    const { handlers, ctx } = setup();
    await expect(handlers.saveCapture({ path: 'x.zci' }, ctx)).rejects.toMatchObject({ code: 'CLOSED' });
    await handlers.open({ path: 'clip.mp4' }, ctx);
    await handlers.show({ target: { index: 0 } }, ctx);
    await expect(handlers.saveCapture({ path: 'notes.txt' }, ctx)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(handlers.saveCapture({ path: 'no/such/dir/x.zci' }, ctx)).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
    });
  });

  it("signs with this installation's key, keeps existing files unless overwrite, never replaces a link", async () => {
    const { handlers, ctx } = setup();
    await openLive(handlers, ctx);
    await handlers.show({ target: { index: 2 } }, ctx);
    await handlers.saveCapture({ path: 'signed.zci' }, ctx);
    await expect(handlers.saveCapture({ path: 'signed.zci' }, ctx)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('exists'),
      remedy: expect.stringContaining('overwrite'),
    });
    await handlers.show({ target: { index: 5 } }, ctx);
    expect(await handlers.saveCapture({ path: 'signed.zci', overwrite: true }, ctx)).toMatchObject({ frames: [2, 5] });
    await symlink(video, path.join(dir, 'link.zci'));
    await expect(handlers.saveCapture({ path: 'link.zci', overwrite: true }, ctx)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('symbolic link'),
    });
    const { capture } = await handlers.openCapture({ path: 'signed.zci' }, ctx);
    expect(capture.signature).toMatchObject({ state: 'signed', thisInstallation: true });
    expect(capture.signature.fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('answers CAPTURE_INVALID for a file that is not a capture, and keeps the open session', async () => {
    const { handlers, ctx } = setup();
    const { live } = await openLive(handlers, ctx);
    await expect(handlers.openCapture({ path: 'clip.mp4' }, ctx)).rejects.toMatchObject({ code: 'CAPTURE_INVALID' });
    expect(live.closed).toBe(false);
    expect((ctx.client.current() as LiveSource).session).toBe(live);
    expect((await handlers.show({ target: { index: 3 } }, ctx)).report.frameIndex).toBe(3);
  });
});
