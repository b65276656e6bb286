/**
 * The file open live is hashed by the real backend, off the request path: the SHA-256 it answers is sha256sum's of
 * the file; a file rewritten between two opens gets the new bytes' hash; a file over the cap is refused before a
 * byte is read, with its code and remedy; a file that changed since the open gets no hash; and while a large file
 * is read the backend's event loop keeps answering.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import { SourceHasher } from '../../electron/backend/source-hash';
import { sourceHashSchema, type SourceHash } from '../../contract/source-hash';
import { sampleCaptureBytes } from '../support/captures';
import { fixture } from '../support/paths';
import { OpenedSessions } from '../support/live/opened-sessions';
import { liveHandlers } from './live-handlers';

let dir: string;
const opened = new OpenedSessions();

function setup(sourceHasher?: SourceHasher) {
  const { handlers, persistence } = liveHandlers(dir, sourceHasher !== undefined ? { sourceHasher } : {});
  const ctx = { client: new ClientSession(), emit: vi.fn<HandlerContext['emit']>() };
  opened.track(ctx.client, persistence);
  return { handlers, ctx };
}

/** sha256sum's answer for a file. */
function sha256sum(file: string): string {
  return execFileSync('sha256sum', ['--', file], { encoding: 'utf8' }).split(' ')[0]!;
}

/** Asks sourceHash until it has the hash (every answer checked against the schema), as the window does. */
async function hashOf(handlers: Handlers, ctx: HandlerContext): Promise<Extract<SourceHash, { state: 'hashed' }>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = sourceHashSchema.parse(await handlers.sourceHash({}, ctx));
    if (answer.state === 'hashed') return answer;
    if (Date.now() > deadline) throw new Error('no hash within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-source-hash-'));
});

afterEach(async () => {
  await opened.release();
  await rm(dir, { recursive: true, force: true });
});

describe('the hash of the file open live', () => {
  it("is sha256sum's, for the file as the open resolved it", async () => {
    const { handlers, ctx } = setup();
    const video = path.join(dir, 'clip.mp4');
    await copyFile(fixture('h264-1080p-420.mp4'), video);
    const { info } = await handlers.open({ path: 'clip.mp4' }, ctx);
    const answer = await hashOf(handlers, ctx);
    expect(answer).toMatchObject({ path: info.path, size: (await stat(video)).size, sha256: sha256sum(video) });
  });

  it('follows the bytes: the same path rewritten between two opens hashes differently, each as sha256sum says', async () => {
    const { handlers, ctx } = setup();
    const video = path.join(dir, 'clip.mp4');
    await copyFile(fixture('h264-odd-642x362.mp4'), video);
    await handlers.open({ path: video }, ctx);
    const first = await hashOf(handlers, ctx);
    await copyFile(fixture('h264-damaged-642x362.mp4'), video);
    await handlers.open({ path: video }, ctx);
    const second = await hashOf(handlers, ctx);
    expect(first.sha256).toBe(sha256sum(fixture('h264-odd-642x362.mp4')));
    expect(second.sha256).toBe(sha256sum(video));
    expect(second.path).toBe(first.path);
    expect(second.sha256).not.toBe(first.sha256);
  });

  it('refuses a file over the cap before reading it, with its code and remedy; the open itself succeeds', async () => {
    const { handlers, ctx } = setup(new SourceHasher({ maxBytes: 1000 }));
    const { info } = await handlers.open({ path: fixture('h264-odd-642x362.mp4') }, ctx);
    expect(info.frameCount).toBe(36);
    await expect(handlers.sourceHash({}, ctx)).rejects.toMatchObject({
      code: 'SOURCE_TOO_LARGE_TO_HASH',
      message: 'h264-odd-642x362.mp4 holds 49321 bytes; files over 1000 bytes are not hashed.',
      envelope: { remedy: expect.stringContaining('compared by its path instead') },
    });
  });

  it('is no hash of a capture, which carries its own, and CLOSED with nothing open', async () => {
    const { handlers, ctx } = setup();
    await expect(handlers.sourceHash({}, ctx)).rejects.toMatchObject({ code: 'CLOSED' });
    const capture = path.join(dir, 'c.zci');
    await writeFile(capture, sampleCaptureBytes([0]));
    await handlers.openCapture({ path: capture }, ctx);
    await expect(handlers.sourceHash({}, ctx)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('the hasher', () => {
  it('gives no hash to a file that changed on disk after it was opened', async () => {
    const file = path.join(dir, 'changing.bin');
    await writeFile(file, Buffer.alloc(4096, 1));
    const atOpen = await stat(file);
    await writeFile(file, Buffer.alloc(8192, 2));
    const job = new SourceHasher().start(file, atOpen, new AbortController().signal);
    await job.settled;
    expect(() => job.answer()).toThrow(expect.objectContaining({ code: 'SOURCE_CHANGED_WHILE_HASHED' }));
  });

  it('stops when the file is closed, waiting for a turn or reading', async () => {
    const file = path.join(dir, 'a.bin');
    await writeFile(file, Buffer.alloc(1 << 20, 3));
    const hasher = new SourceHasher({ concurrent: 1 });
    const first = new AbortController();
    const second = new AbortController();
    const running = hasher.start(file, await stat(file), first.signal);
    const waiting = hasher.start(file, await stat(file), second.signal);
    second.abort();
    first.abort();
    await Promise.all([running.settled, waiting.settled]);
    expect(() => waiting.answer()).toThrow(expect.objectContaining({ code: 'CANCELLED' }));
    expect(() => running.answer()).toThrow(expect.objectContaining({ code: 'CANCELLED' }));
    // The turns were given back: a third file is hashed.
    const third = hasher.start(file, await stat(file), new AbortController().signal);
    await third.settled;
    expect(third.answer()).toMatchObject({ state: 'hashed', sha256: sha256sum(file) });
  });

  it('reads a large file in chunks that leave the event loop free, telling how far it has come', async () => {
    const file = path.join(dir, 'large.bin');
    const handle = await open(file, 'w');
    const block = Buffer.alloc(8 << 20, 7);
    for (let k = 0; k < 16; k += 1) await handle.write(block);
    await handle.close();
    const job = new SourceHasher().start(file, await stat(file), new AbortController().signal);
    let worst = 0;
    let last = performance.now();
    const reads: number[] = [];
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
      const answer = job.answer();
      if (answer.state === 'hashing') reads.push(answer.read);
    }, 2);
    await job.settled;
    clearInterval(timer);
    expect(job.answer()).toMatchObject({ state: 'hashed', size: 128 << 20, sha256: sha256sum(file) });
    // Answers came while it read, each further than the last; no tick of the loop waited long.
    expect(reads.length).toBeGreaterThan(3);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    expect(worst).toBeLessThan(100);
  });
});
