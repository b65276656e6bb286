/**
 * Hostile captures (test/support/hostile-captures.ts) read in this thread: each is refused with CAPTURE_INVALID
 * naming what it broke, or opens and stays bounded when its pictures are asked for. The same files against the
 * real backend, with memory and other clients measured, are in test/integration/capture-hostile.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { CaptureSession } from '../../electron/capture/capture-session';
import { MEMORY_SAMPLE_LIMITS } from '../../contract/capture';
import { RpcFailure } from '../../contract/envelope';
import { isErrorCode } from '../../contract/errors';
import {
  MAX_READ_ROWS,
  memoryReadProblem,
  readMemoryParamsSchema,
  type MemoryRead,
  type ReadMemoryParams,
} from '../../contract/memory';
import { hostileCaptures, type HostileCapture } from '../support/hostile-captures';
import { captureWithMemoryBytes, patternByte } from '../support/memory-captures';
import { editManifest } from '../support/zip-edit';

// Loose JSON on purpose: the edits make a manifest say what no writer would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

let captures: Map<string, HostileCapture>;

beforeAll(async () => {
  captures = new Map((await hostileCaptures()).map((capture) => [capture.name, capture]));
}, 60_000);

function hostile(name: string): HostileCapture {
  const capture = captures.get(name);
  if (capture === undefined) throw new Error(`no hostile capture ${name}`);
  return capture;
}

describe('hostile captures', () => {
  it.each([
    'nested-params',
    'png-bomb',
    'png-header-bomb',
    'zip-bomb-declared',
    'zip-bomb-undeclared',
    'manifest-bomb',
    'many-large-entries',
  ])('%s is refused with CAPTURE_INVALID naming what it broke, quickly', async (name) => {
    const capture = hostile(name);
    const started = performance.now();
    const error = (await readCapture(capture.bytes, `${name}.zci`).catch((e: unknown) => e)) as RpcFailure;
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error.code).toBe('CAPTURE_INVALID');
    expect(error.message).toMatch(capture.message ?? /./);
  });

  it('idat-bomb opens (its picture fails to decode where the capture is read) and its thumbnail is refused when asked for', async () => {
    const opened = await readCapture(hostile('idat-bomb').bytes, 'idat-bomb.zci');
    const session = new CaptureSession(opened, '/idat-bomb.zci');
    await expect(session.show({ index: 0 }, { thumbnailWidth: 480 })).rejects.toMatchObject({
      code: 'CAPTURE_INVALID',
      message: expect.stringMatching(/inflates to more than the 2340 bytes its header declares/),
    });
    // The other frames' pictures are untouched by it.
    const other = await session.show({ index: 3 }, { thumbnailWidth: 480 });
    expect((other.thumbnails ?? []).map((thumb) => thumb.width)).toEqual([64, 32]);
  });

  it('many-references decodes its one large picture once, however many thumbnails name it', async () => {
    const opened = await readCapture(hostile('many-references').bytes, 'many-references.zci');
    expect(opened.decodedBytes).toBe(4096 * 4096);
    const session = new CaptureSession(opened, '/many-references.zci');
    for (const index of [0, 1, 299, 599]) {
      const { thumbnails } = await session.show({ index }, { thumbnailWidth: 64 });
      expect(thumbnails).toHaveLength(8);
    }
    expect(session.decodedBytes).toBe(4096 * 4096);
  });
});

describe('hostile memory samples', () => {
  it.each(['memory-sample-64mib', 'memory-spans-200k'])(
    '%s is refused with CAPTURE_INVALID naming the cap it passes',
    async (name) => {
      const capture = hostile(name);
      const error = await readCapture(capture.bytes, `${name}.zci`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcFailure);
      expect(error).toMatchObject({ code: 'CAPTURE_INVALID', message: expect.stringMatching(capture.message ?? /./) });
    },
  );

  // Each edit makes frame 0's memory say something its report does not: refused at load, naming what is wrong.
  it.each([
    [
      'a plane the frame lacks (plane 7 of 2)',
      (m: Loose) => Object.assign(m.frames[0].memory[0].read, { plane: 7 }),
      /names plane 7; the frame's report has 2 plane\(s\), 0, 1/,
    ],
    [
      'row 999,000 of a 540-row plane',
      (m: Loose) => {
        const read = m.frames[0].memory[1].read;
        Object.assign(read, { row: 999_000, offset: read.offset + 999_000 * 2048 });
      },
      /rows 999000–999001 of plane 1 end at byte \d+, past the allocation of 3342336 bytes/,
    ],
    [
      'the same row, its offset left as it was',
      (m: Loose) => Object.assign(m.frames[0].memory[1].read, { row: 999_000 }),
      /its offset 2228224 is not row 999000 of plane 1/,
    ],
    [
      'a pitch of 7',
      (m: Loose) => Object.assign(m.frames[0].memory[2].read, { rowPitch: 7 }),
      /in a pitch of 7 bytes; the report gives the plane a pitch of 2048/,
    ],
    [
      'rows wider than the pitch',
      (m: Loose) => {
        const read = m.frames[0].memory[3].read;
        Object.assign(read, { rows: 10, bytesPerRow: 2048 * 2 });
        read.regions = [{ start: 0, length: 2048 * 20, region: 'visible', plane: 1 }];
      },
      /holds 4096 bytes a row, more than plane 1's pitch of 2048/,
    ],
    [
      'a read of another frame',
      (m: Loose) => Object.assign(m.frames[0].memory[0].read, { frameIndex: 3 }),
      /it is a read of frame 3, not of frame 0/,
    ],
    [
      'spans with a gap',
      (m: Loose) => {
        m.frames[0].memory[2].read.regions[1].start += 1;
      },
      /its region span 1 starts at byte 1921, not at 1920/,
    ],
    [
      'spans that stop short',
      (m: Loose) => {
        m.frames[0].memory[2].read.regions.pop();
      },
      /its region spans cover 20352 bytes; it holds 20480/,
    ],
    [
      'spans in a plane the frame lacks',
      (m: Loose) => {
        m.frames[0].memory[2].read.regions[0].plane = 5;
      },
      /its region span 0 names plane 5/,
    ],
    [
      'an allocation smaller than its rows',
      (m: Loose) => Object.assign(m.frames[0].memory[2].read.allocation, { size: 4096 }),
      /rows 1078–1087 of plane 0 end at byte 2228224, past the allocation of 4096 bytes/,
    ],
    [
      'an allocation at the top of the address space (its reads 17 hex digits long)',
      (m: Loose) => {
        Object.assign(m.frames[0].memory[0].read, { address: '0xffffffffffffff00' });
        Object.assign(m.frames[0].memory[0].read.allocation, { start: '0xffffffffffffff00' });
      },
      /its allocation at 0xffffffffffffff00 of 3342336 bytes runs past the end of the 64-bit address space/,
    ],
    [
      'an address that is not its offset into the allocation',
      (m: Loose) => {
        m.frames[0].memory[0].read.address = '0xffffffffffffffff';
      },
      /its address 0xffffffffffffffff is not its offset 0 into the allocation/,
    ],
    [
      `more rows than a sample may hold (${MEMORY_SAMPLE_LIMITS.rows})`,
      (m: Loose) => Object.assign(m.frames[0].memory[0].read, { rows: 32_768 }),
      /a memory sample holds at most 1024 rows/,
    ],
  ])('a sample with %s is refused at load', async (_, edit, message) => {
    const error = await readCapture(editManifest(captureWithMemoryBytes(), edit), 'edited.zci').catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'CAPTURE_INVALID', message: expect.stringMatching(message) });
  });
});

describe("reads of a capture's memory", () => {
  let session: CaptureSession;

  beforeAll(async () => {
    session = new CaptureSession(await readCapture(captureWithMemoryBytes(), 'memory.zci'), '/memory.zci');
  });

  async function read(range: ReadMemoryParams['range']): Promise<MemoryRead> {
    return session.readMemory(range, { index: 0 });
  }

  async function failure(range: ReadMemoryParams['range']): Promise<RpcFailure> {
    const error = await read(range).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcFailure);
    const failed = error as RpcFailure;
    expect(isErrorCode(failed.code)).toBe(true);
    expect(failed.code).not.toBe('INTERNAL');
    return failed;
  }

  it('answer the bytes and regions the frame holds, for any rows and columns inside a sample', async () => {
    for (const range of [
      { plane: 0, row: 1078, rows: 10 },
      { plane: 0, row: 1079, rows: 3, byteStart: 1900, byteCount: 60 },
      { plane: 0, row: 1, rows: 1, byteStart: 2047, byteCount: 1 },
      { plane: 1, row: 265, rows: 7, byteStart: 1000, byteCount: 24 },
    ]) {
      const got = await read(range);
      expect(memoryReadProblem(got), JSON.stringify(range)).toBeNull();
      const count = range.byteCount ?? 2048;
      const start = range.byteStart ?? 0;
      const want = Array.from({ length: range.rows * count }, (_, i) =>
        patternByte(range.plane, range.row + Math.floor(i / count), start + (i % count)),
      );
      expect(Array.from(got.data), JSON.stringify(range)).toEqual(want);
      // Every byte's region, as the frame labels it: visible up to 1920 (the plane's visible bytes), then padding.
      const labels = got.regions.flatMap((span) => Array.from({ length: span.length }, () => span.region));
      const expected = want.map((_, i) => {
        const row = range.row + Math.floor(i / count);
        const column = start + (i % count);
        if (column >= 1920) return 'right-padding';
        return row < (range.plane === 0 ? 1080 : 540) ? 'visible' : 'coded-not-displayed';
      });
      expect(labels, JSON.stringify(range)).toEqual(expected);
      expect(got.address).toBe(`0x${(0x7f0000000000n + BigInt(got.offset)).toString(16)}`);
    }
  });

  it('refuse columns past the row with INVALID_ARGUMENT and a remedy, never INTERNAL', async () => {
    const past = await failure({ plane: 0, row: 0, rows: 1, byteStart: 5128 });
    expect(past.envelope).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/byteStart 5128 lies past the end of a row of plane 0, whose pitch is 2048 bytes/),
      remedy: expect.stringMatching(/byteStart \+ byteCount of at most the pitch/),
    });
    expect((await failure({ plane: 0, row: 0, rows: 1, byteStart: 2000, byteCount: 100 })).code).toBe(
      'INVALID_ARGUMENT',
    );
    // The half-row band ends at column 1024: the rest of the row is not held, and no empty answer is made of it.
    expect((await failure({ plane: 1, row: 262, rows: 1, byteStart: 1024 })).code).toBe('MEMORY_NOT_CAPTURED');
  });

  it('refuse a plane the frame lacks, and more than the read cap, as a live read does', async () => {
    expect((await failure({ plane: 7, row: 0, rows: 1 })).envelope).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/Frame 0 has no plane 7; it has 2/),
    });
    expect((await failure({ plane: 0, row: 0, rows: 600 })).envelope).toMatchObject({
      code: 'MEMORY_READ_TOO_LARGE',
      message: expect.stringMatching(/asks for 1228800 bytes, over the cap of 1 MiB per read/),
    });
    expect((await failure({ offset: 0, length: 2 * 1024 * 1024 })).code).toBe('MEMORY_READ_TOO_LARGE');
    // 20,000 one-byte rows: within the cap, outside every sample.
    expect((await failure({ plane: 0, row: 0, rows: 20_000, byteCount: 1 })).code).toBe('MEMORY_NOT_CAPTURED');
  });

  it('may name at most MAX_READ_ROWS rows, not the 1,000,000 the format once allowed', () => {
    const rows = (count: number) =>
      readMemoryParamsSchema.safeParse({ index: 0, range: { plane: 0, row: 0, rows: count, byteCount: 1 } }).success;
    expect(rows(MAX_READ_ROWS)).toBe(true);
    expect(rows(MAX_READ_ROWS + 1)).toBe(false);
    expect(rows(1_000_000)).toBe(false);
  });
});
