import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientSession, type SessionLike } from '../../electron/backend/client-session';
import { createHandlers, type AddonLike, type BackendDeps, type HandlerContext } from '../../electron/backend/handlers';
import { Persistence } from '../../electron/backend/persist';
import type { FrameReport } from '../../electron/common/report';
import { paddedNv12Device, streamInfo } from '../support/reports';

class FakeSession implements SessionLike {
  closed = false;
  readonly log: string[];
  constructor(
    readonly info = streamInfo(),
    log: string[] = [],
  ) {
    this.log = log;
  }
  async frame(index: number): Promise<FrameReport> {
    this.log.push(`start ${index}`);
    await new Promise((resolve) => setTimeout(resolve, index === 1 ? 30 : 1));
    this.log.push(`end ${index}`);
    return { ...paddedNv12Device(), frameIndex: index };
  }
  async frameAtTime(seconds: number): Promise<FrameReport> {
    return { ...paddedNv12Device(), frameIndex: Math.round(seconds * 24) };
  }
  async thumbnails() {
    return [{ plane: 0, name: 'Y', width: 2, height: 2, data: new Uint8Array([0, 64, 128, 255]) }];
  }
  close(): void {
    this.closed = true;
  }
}

let dir: string;
let video: string;
let log: string[];
let opened: { path: string; options: unknown }[];

function setup(addon: AddonLike | null = fakeAddon()) {
  const persistence = new Persistence(path.join(dir, 'config'));
  const deps: BackendDeps = {
    addon,
    addonStatus:
      addon === null ? { loaded: false, path: null, error: 'missing' } : { loaded: true, path: '/x', error: null },
    persistence,
    samplePath: null,
    cwd: dir,
    startedAt: new Date(0),
  };
  const ctx: HandlerContext = { client: new ClientSession(), emit: vi.fn() };
  return { handlers: createHandlers(deps), ctx, persistence };
}

function fakeAddon(): AddonLike {
  return {
    Session: {
      open: async (file, options) => {
        opened.push({ path: file, options });
        return new FakeSession(streamInfo({ path: file }), log);
      },
    },
    environment: () => {
      throw new Error('not used');
    },
    setLibraryPath: vi.fn(),
  };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-handlers-'));
  video = path.join(dir, 'clip.mp4');
  await writeFile(video, 'not really a video');
  log = [];
  opened = [];
});

describe('open', () => {
  it('opens a file named relative to the working folder and records it in recents', async () => {
    const { handlers, ctx, persistence } = setup();
    const result = await handlers.open({ path: 'clip.mp4' }, ctx);
    expect(result.info.path).toBe(video);
    expect(opened[0]?.options).toMatchObject({ decode: 'auto', holdFrames: 2 });
    expect(persistence.listRecent().map((entry) => entry.path)).toEqual([video]);
    expect(ctx.emit).toHaveBeenCalledWith('progress', expect.objectContaining({ stage: 'opening' }));
  });

  it('refuses NUL bytes, folders and missing files before the addon sees them', async () => {
    const { handlers, ctx } = setup();
    await mkdir(path.join(dir, 'folder'));
    await expect(handlers.open({ path: 'clip.mp4\0.txt' }, ctx)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(handlers.open({ path: 'folder' }, ctx)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(handlers.open({ path: '/no/such/file.mp4' }, ctx)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect(opened).toEqual([]);
  });

  it('says the addon is missing, with a remedy, when it could not be loaded', async () => {
    const { handlers, ctx } = setup(null);
    await expect(handlers.open({ path: video }, ctx)).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('closes the previous Session when a client opens another file', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const first = ctx.client.current() as FakeSession;
    await handlers.open({ path: video }, ctx);
    expect(first.closed).toBe(true);
    expect(ctx.client.current()).not.toBe(first);
  });
});

describe('frames', () => {
  it('answers CLOSED before any file is open', async () => {
    const { handlers, ctx } = setup();
    await expect(handlers.frame({ index: 0 }, ctx)).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it('runs one client’s calls one at a time, in order', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    await Promise.all([handlers.frame({ index: 1 }, ctx), handlers.frame({ index: 2 }, ctx)]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('remembers the last frame for recents and for a restart', async () => {
    const { handlers, ctx, persistence } = setup();
    await handlers.open({ path: video }, ctx);
    await handlers.frameAtTime({ seconds: 0.5 }, ctx);
    expect(ctx.client.snapshot()).toEqual({ lastFile: video, lastFrame: 12 });
    expect(persistence.listRecent()[0]?.lastFrame).toBe(12);
  });

  it('sends thumbnails as base64 of the grey bytes only', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    const [thumb] = await handlers.thumbnails({ maxWidth: 64 }, ctx);
    expect(thumb).toEqual({
      plane: 0,
      name: 'Y',
      width: 2,
      height: 2,
      data: Buffer.from([0, 64, 128, 255]).toString('base64'),
    });
  });

  it('closes on request and reports whether a file was open', async () => {
    const { handlers, ctx } = setup();
    await handlers.open({ path: video }, ctx);
    expect(await handlers.close({}, ctx)).toEqual({ closed: true });
    expect(await handlers.close({}, ctx)).toEqual({ closed: false });
  });
});

describe('settings', () => {
  it('persists a change and passes a new library path to the addon', async () => {
    const addon = fakeAddon();
    const { handlers, ctx, persistence } = setup(addon);
    const settings = await handlers.setSettings({ theme: 'light', libraryPath: '/opt/cvcuda' }, ctx);
    expect(settings.theme).toBe('light');
    expect(addon.setLibraryPath).toHaveBeenCalledWith('/opt/cvcuda');
    await persistence.flush();
    const again = new Persistence(path.join(dir, 'config'));
    await again.load();
    expect(again.getSettings()).toMatchObject({ theme: 'light', libraryPath: '/opt/cvcuda' });
  });
});
