// Captures keep bytes of each frame's memory: the probe and the boundary view read them where there is no GPU.
// Saved over the real handlers from a real decode, opened again as a capture: every read inside a kept sample is
// the live read's bytes and regions; a read outside is MEMORY_NOT_CAPTURED naming the frame and the rows kept.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
import { openCaptureFile } from '../../electron/capture/capture-open';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import type { CaptureManifest } from '../../contract/capture';
import { addon } from '../support/live/addon';
import { fixture } from '../support/paths';
import { rezip, zipEntries } from '../support/zip-edit';
import type { Persistence } from '../../electron/backend/persist';
import { liveHandlers } from './live-handlers';

const CLIP = fixture('h264-1080p-420.mp4'); // 1920x1080 coded as 1088 rows: hidden rows under both planes
let dir: string;
let handlers: Handlers;
let persistence: Persistence;
const contexts: HandlerContext[] = [];

function ctx(): HandlerContext {
  const c = { client: new ClientSession(), emit: vi.fn<HandlerContext['emit']>() };
  contexts.push(c);
  return c;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-capmem-'));
  ({ handlers, persistence } = liveHandlers(dir, { configDir: path.join(dir, 'config') }));
});

afterAll(async () => {
  for (const c of contexts) c.client.close();
  // A close saves the recent files: their writes end before the folder goes.
  await persistence.flush();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(addon === null)('memory samples in captures', () => {
  it('answer reads inside them with the live bytes and regions, and name what they lack', async () => {
    const live = ctx();
    await handlers.open({ path: CLIP, options: { decode: 'software' } }, live);
    const frame = await handlers.show({ target: { index: 3 } }, live);
    const planes = frame.report.planes;
    const target = path.join(dir, 'with-memory.zci');
    await handlers.saveCapture({ path: target, frames: [3] }, live);

    const replay = ctx();
    const opened = await handlers.openCapture({ path: target }, replay);
    expect(opened.capture.signature.state).toBe('signed');
    await handlers.show({ target: { index: 3 } }, replay);

    // The boundary of each plane, the first rows and a probe tile inside the middle rows, as the views ask them.
    const asks = planes.flatMap((p) => [
      { plane: p.index, row: p.height - 2, rows: 2 + Math.min(4, p.hiddenRowsAfter ?? 0) },
      { plane: p.index, row: 0, rows: 1, byteStart: 16, byteCount: 64 },
      { plane: p.index, row: Math.floor(p.height / 2) - 2, rows: 4, byteStart: 100, byteCount: 32 },
    ]);
    for (const range of asks) {
      const want = await handlers.readMemory({ index: 3, range }, live);
      const got = await handlers.readMemory({ index: 3, range }, replay);
      expect(Buffer.from(got.data).equals(Buffer.from(want.data)), JSON.stringify(range)).toBe(true);
      expect(got.regions, JSON.stringify(range)).toEqual(want.regions);
      expect([got.offset, got.address, got.rows, got.bytesPerRow, got.rowPitch]).toEqual([
        want.offset,
        want.address,
        want.rows,
        want.bytesPerRow,
        want.rowPitch,
      ]);
      expect(got.bytesRead).toBe(0); // nothing was copied from a frame: the capture answered
    }
    // The hidden rows of the padded clip are there, labelled as the live read labels them.
    const hidden = await handlers.readMemory({ index: 3, range: { plane: 0, row: 1080, rows: 8 } }, replay);
    expect(hidden.regions.map((r) => r.region)).toContain('coded-not-displayed');

    // Re-saved from the capture, the samples go with it.
    const again = path.join(dir, 'resaved.zci');
    await handlers.saveCapture({ path: again, frames: [3] }, replay);
    const third = ctx();
    await handlers.openCapture({ path: again }, third);
    await handlers.show({ target: { index: 3 } }, third);
    const kept = await handlers.readMemory({ index: 3, range: { plane: 0, row: 1080, rows: 8 } }, third);
    expect(Buffer.from(kept.data).equals(Buffer.from(hidden.data))).toBe(true);

    // The thumbnails were decoded where the capture was read (the open worker), not on the backend's thread.
    const read = await openCaptureFile(target, { configDir: null });
    expect([...(read.pixels?.keys() ?? [])].sort()).toEqual(
      read.manifest.frames.flatMap((f) => f.thumbnails.map((t) => t.png)).sort(),
    );
    expect(read.pngErrors?.size).toBe(0);

    const outside = await handlers
      .readMemory({ index: 3, range: { plane: 0, row: 300, rows: 2 } }, replay)
      .catch((e: unknown) => e);
    expect(outside).toMatchObject({
      code: 'MEMORY_NOT_CAPTURED',
      message: expect.stringMatching(/no bytes for rows 300–301 of plane 0 of frame 3; it holds plane 0 rows 0–1/),
    });
  });

  it('keep the probe band around the pixels asked for, in every plane, instead of the middle', async () => {
    const live = ctx();
    await handlers.open({ path: CLIP, options: { decode: 'software' } }, live);
    await handlers.show({ target: { index: 5 } }, live);
    const target = path.join(dir, 'probe-points.zci');
    await handlers.saveCapture({ path: target, frames: [5], probe: [{ x: 100, y: 300 }] }, live);
    const replay = ctx();
    await handlers.openCapture({ path: target }, replay);
    await handlers.show({ target: { index: 5 } }, replay);
    // Around row 300 of luma and row 150 of the 4:2:0 chroma; the middle (row 540) is not kept any more.
    for (const range of [
      { plane: 0, row: 296, rows: 8 },
      { plane: 1, row: 146, rows: 8 },
      { plane: 2, row: 146, rows: 8 },
    ]) {
      const want = await handlers.readMemory({ index: 5, range }, live);
      const got = await handlers.readMemory({ index: 5, range }, replay);
      expect(Buffer.from(got.data).equals(Buffer.from(want.data)), JSON.stringify(range)).toBe(true);
    }
    await expect(
      handlers.readMemory({ index: 5, range: { plane: 0, row: 540, rows: 1 } }, replay),
    ).rejects.toMatchObject({ code: 'MEMORY_NOT_CAPTURED' });
  });

  it('are left out with memory: [], and a changed sample makes the capture tampered', async () => {
    const live = ctx();
    await handlers.open({ path: CLIP, options: { decode: 'software' } }, live);
    await handlers.show({ target: { index: 0 } }, live);
    const bare = path.join(dir, 'bare.zci');
    await handlers.saveCapture({ path: bare, frames: [0], memory: [] }, live);
    const replay = ctx();
    await handlers.openCapture({ path: bare }, replay);
    await handlers.show({ target: { index: 0 } }, replay);
    await expect(handlers.readMemory({ index: 0, range: { plane: 0, row: 0, rows: 1 } }, replay)).rejects.toMatchObject(
      { code: 'MEMORY_NOT_CAPTURED', message: expect.stringMatching(/holds none of this frame/) },
    );

    const full = path.join(dir, 'full.zci');
    await handlers.saveCapture({ path: full, frames: [0] }, live);
    const entries = zipEntries(new Uint8Array(await readFile(full)));
    const manifest = JSON.parse(Buffer.from(entries.get('capture.json') ?? []).toString()) as CaptureManifest;
    const bin = manifest.frames[0]?.memory?.[0]?.bin ?? '';
    const bytes = entries.get(bin) ?? new Uint8Array();
    expect(bytes.byteLength).toBeGreaterThan(0);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    const changed = path.join(dir, 'changed.zci');
    await writeFile(changed, rezip(entries));
    const again = await handlers.openCapture({ path: changed }, ctx());
    expect(again.capture.signature.state).toBe('tampered');
  });
});
