/**
 * readMemory over the real serve mode (the built backend, the real addon, the renderer's WebSocket client): the
 * frame named is decoded first when it is not the one shown, the bytes come back as base64 equal to the addon's own
 * read of the same frame, and the refusals arrive as their codes.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_READ_CAP, memoryReadSchema } from '../../contract/memory';
import type { MemoryRange } from '../../native/index';
import { addon } from '../support/live/addon';
import { fixture, ROOT } from '../support/paths';
import { connect, serveBuilt, startServe, type Connected, type Served } from '../support/live/served-client';

// 642x362 H.264 (coded 656x368), 36 frames: quick to open and decode.
const CLIP = fixture('h264-odd-642x362.mp4');

/** The same range read by the addon in this process, from a software decode of the same frame. */
async function directRead(index: number, range: MemoryRange) {
  const session = await addon.Session.open(CLIP, { decode: 'software' });
  try {
    await session.show({ index }, { proof: false });
    return await session.readMemory(range, { index });
  } finally {
    session.close();
  }
}

describe.skipIf(!serveBuilt)('readMemory over serve mode (needs npm run build)', () => {
  let served: Served;
  let connections: Connected[] = [];

  beforeAll(async () => {
    served = await startServe();
  }, 30_000);

  afterAll(async () => {
    await served.stop();
  });

  afterEach(() => {
    for (const { transport } of connections) transport.close();
    connections = [];
  });

  async function connected(): Promise<Connected> {
    const connection = await connect(served);
    connections.push(connection);
    return connection;
  }

  it('decodes the frame named when it is not the one shown, then reads it', async () => {
    const { client } = await connected();
    await client.call('open', { path: CLIP });
    await client.call('show', { target: { index: 2 } });
    const range = { plane: 0, row: 100, rows: 8, byteStart: 32, byteCount: 512 };
    const read = memoryReadSchema.parse(await client.call('readMemory', { index: 9, range }));
    expect(read).toMatchObject({ frameIndex: 9, plane: 0, row: 100, rows: 8, bytesPerRow: 512, bytesRead: 8 * 512 });
    expect(read.totalBytesRead).toBe(8 * 512);
    expect(read.cap).toBe(MEMORY_READ_CAP);
    expect(read.regions).toEqual([{ start: 0, length: 8 * 512, region: 'visible', plane: 0 }]);
    const bytes = Buffer.from(read.data);
    expect(bytes.byteLength).toBe(8 * 512);
    const direct = await directRead(9, range);
    expect(bytes.equals(Buffer.from(direct.data))).toBe(true);

    // The session holds 9 now: a second read of it adds to the open file's total.
    const again = await client.call('readMemory', { index: 9, range: { offset: 0, length: 100 } });
    expect(again.totalBytesRead).toBe(8 * 512 + 100);
    expect(again.plane).toBeNull();
    const frame = await client.call('show', { target: { index: 9 } });
    expect(frame.report.frameIndex).toBe(9);
  });

  it('answers the cap, the allocation and malformed ranges with their codes', async () => {
    const { client } = await connected();
    await client.call('open', { path: CLIP });
    const { report } = await client.call('show', { target: { index: 0 } });
    const size = report.allocation.rangeSize ?? 0;
    await expect(
      client.call('readMemory', { index: 0, range: { offset: 0, length: MEMORY_READ_CAP + 1 } }),
    ).rejects.toMatchObject({ code: 'MEMORY_READ_TOO_LARGE', message: expect.stringContaining('1048576') });
    await expect(
      client.call('readMemory', { index: 0, range: { offset: size - 10, length: 11 } }),
    ).rejects.toMatchObject({
      code: 'MEMORY_RANGE_OUTSIDE_ALLOCATION',
      message: expect.stringContaining(`allocation of ${size} bytes`),
    });
    await expect(client.call('readMemory', { index: 0, range: { plane: 5, row: 0, rows: 1 } })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('no plane 5'),
    });
    await expect(
      client.call('readMemory', {
        index: 0,
        range: { plane: 0, row: 0, rows: 1, offset: 3 } as unknown as { plane: number; row: number; rows: number },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(client.call('readMemory', { index: 36, range: { offset: 0, length: 1 } })).rejects.toMatchObject({
      code: 'FRAME_OUT_OF_RANGE',
    });
    const read = await client.call('readMemory', { index: 0, range: { offset: size - 10, length: 10 } });
    expect(read.totalBytesRead).toBe(10);
  });

  it("is cancelled with the client's other requests", async () => {
    const { client } = await connected();
    await client.call('open', { path: fixture('h264-1080p-420.mp4') });
    // Frame 47 is far from the open's position: its decode is still queued or running when cancel arrives.
    const slow = client.call('show', { target: { index: 47 } });
    const read = client.call('readMemory', { index: 46, range: { offset: 0, length: 64 } });
    const { cancelled } = await client.call('cancel', {});
    expect(cancelled).toBe(2);
    await expect(slow).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(read).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('a replayed capture answers for the rows it holds only: MEMORY_NOT_CAPTURED names them and how to get more', async () => {
    const { client } = await connected();
    await client.call('openCapture', { path: path.join(ROOT, 'assets', 'gpu-capture.zci') });
    await expect(client.call('readMemory', { index: 0, range: { offset: 0, length: 16 } })).rejects.toMatchObject({
      code: 'MEMORY_NOT_CAPTURED',
      message: expect.stringMatching(/of frame 0; it holds plane 0 rows 0–1, plane 1 rows 0–1, /),
      remedy: expect.stringContaining('Capture frame 0 again from the video with these rows'),
    });
  });
});
