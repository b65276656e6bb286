import { describe, expect, it } from 'vitest';
import type { MethodName, ParamsOf, ResultOf } from '../../contract/contract';
import type { ReadMemoryParams } from '../../contract/memory';
import { planeGrid, tileRange } from '../../renderer/src/model/tile-plan';
import { allPlaneFacts } from '../../renderer/src/model/plane-facts';
import type { RpcApi } from '../../renderer/src/rpc/client';
import { createAppStore } from '../../renderer/src/store/store';
import { fixture } from '../support/paths';
import { serveBuilt } from '../support/live/served-client';
import { servedSuite } from './served-suite';

// 642x362 H.264 with 768-byte rows: coded columns, right padding and hidden rows in every plane.
const CLIP = fixture('h264-odd-642x362.mp4');

describe.skipIf(!serveBuilt)('memory reads through the store over serve mode (needs npm run build)', () => {
  const serve = servedSuite();

  /** A store over a new connection, and the readMemory calls it makes. */
  async function store() {
    const connection = await serve.connect();
    const asked: ReadMemoryParams[] = [];
    const api: RpcApi = {
      call: <M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> => {
        if (method === 'readMemory') asked.push(params as ReadMemoryParams);
        return connection.client.call(method, params);
      },
      on: (event, listener) => connection.client.on(event, listener),
    };
    const created = createAppStore(api);
    expect(await created.getState().openFile(CLIP)).toBe(true);
    return { store: created, asked };
  }

  it('reads a tile of the frame on screen once, keeps it for that frame and counts its bytes', async () => {
    const { store: app, asked } = await store();
    const report = app.getState().report!;
    const [luma] = allPlaneFacts(report);
    const range = tileRange(planeGrid(luma!), 10, 5);
    expect(range).toEqual({ plane: 0, row: 320, rows: 64, byteStart: 640, byteCount: 64 });
    const first = await app.getState().readMemory(range);
    expect(first?.read).toMatchObject({
      frameIndex: 0,
      plane: 0,
      row: 320,
      rows: 64,
      bytesPerRow: 64,
      bytesRead: 4096,
    });
    expect(first?.bytes).toHaveLength(4096);
    // Rows 320-383, bytes 640-703: displayed samples, coded columns and rows, right padding and the pool's rows.
    expect(new Set(first?.read.regions.map((span) => span.region))).toEqual(
      new Set(['visible', 'coded-not-displayed', 'right-padding', 'allocator-padding']),
    );
    expect(await app.getState().readMemory(range)).toBe(first);
    expect(app.getState().cachedMemory(range)).toBe(first);
    expect(asked).toHaveLength(1);
    expect(app.getState().memoryStats).toMatchObject({ frameIndex: 0, reads: 1, frameBytes: 4096, lastBytes: 4096 });
    expect(app.getState().memoryStats?.totalBytesRead).toBeGreaterThanOrEqual(4096);
  });

  it('forgets the reads when another frame is on screen and reads that frame', async () => {
    const { store: app, asked } = await store();
    const range = { plane: 0, row: 360, rows: 4 };
    const before = await app.getState().readMemory(range);
    await app.getState().goToFrame(5);
    expect(app.getState().cachedMemory(range)).toBeUndefined();
    expect(app.getState().memoryStats?.report).not.toBe(app.getState().report);
    const after = await app.getState().readMemory(range);
    expect(after?.read.frameIndex).toBe(5);
    expect(after).not.toBe(before);
    expect(asked.map((params) => params.index)).toEqual([0, 5]);
  });

  it('drops a read that a newer frame made stale', async () => {
    const { store: app } = await store();
    const pending = app.getState().readMemory({ plane: 0, row: 0, rows: 64 });
    const moving = app.getState().goToFrame(7);
    expect(await pending).toBeNull();
    await moving;
    expect(app.getState().cachedMemory({ plane: 0, row: 0, rows: 64 })).toBeUndefined();
  });

  it('turns a refused read into the memory error, with its code and remedy', async () => {
    const { store: app } = await store();
    const report = app.getState().report!;
    const rows = report.planes[0]!.height + (report.planes[0]!.hiddenRowsAfter ?? 0);
    expect(await app.getState().readMemory({ plane: 0, row: rows + 10, rows: 1 })).toBeNull();
    expect(app.getState().memoryError).toMatchObject({ error: { code: 'MEMORY_RANGE_OUTSIDE_ALLOCATION' } });
    expect(app.getState().memoryError?.report).toBe(report);
    expect(await app.getState().readMemory({ plane: 0, row: 0, rows: 2000 })).toBeNull();
    expect(app.getState().memoryError?.error.code).toMatch(/MEMORY_READ_TOO_LARGE|MEMORY_RANGE_OUTSIDE_ALLOCATION/);
    expect(app.getState().memoryError?.error.remedy).not.toBe('');
  });
});
