import { describe, expect, it } from 'vitest';
import { toWireMemoryRead } from '../../electron/backend/memory-wire';
import { RpcFailure } from '../../contract/envelope';
import { memoryReadProblem, memoryReadSchema, regionSpanSchema, type RegionSpan } from '../../contract/memory';
import type { Session } from '../../electron/addon/native';

/** What the addon's readMemory resolves to. */
type NativeMemoryRead = Awaited<ReturnType<Session['readMemory']>>;

/** A read as the addon answers one: 2 rows of 3 bytes. */
function read(data: Uint8Array, overrides: Partial<NativeMemoryRead> = {}): NativeMemoryRead {
  return {
    frameIndex: 4,
    source: 'host',
    plane: 0,
    row: 1078,
    offset: 1078 * 2048,
    rows: 2,
    bytesPerRow: 3,
    rowPitch: 2048,
    data,
    regions: [
      { start: 0, length: 3, region: 'visible', plane: 0 },
      { start: 3, length: 3, region: 'coded-not-displayed', plane: 0 },
    ],
    allocation: { start: '0x7f0000000000', size: 2048 * 1090, separate: true },
    address: '0x7f000021b000',
    bytesRead: 6,
    totalBytesRead: 60,
    cap: 1048576,
    ...overrides,
  };
}

describe('toWireMemoryRead', () => {
  it('sends the bytes as they are and everything else as it is, in the shape of memoryReadSchema', () => {
    // A view into a larger buffer: only the view's bytes go.
    const backing = new Uint8Array([9, 9, 1, 2, 3, 250, 251, 252, 9]);
    const wire = toWireMemoryRead(read(backing.subarray(2, 8)));
    expect(Array.from(wire.data)).toEqual([1, 2, 3, 250, 251, 252]);
    expect(memoryReadSchema.parse(wire)).toEqual(wire);
    const spans: RegionSpan[] = wire.regions.map((span) => regionSpanSchema.parse(span));
    expect(spans.reduce((bytes, span) => bytes + span.length, 0)).toBe(wire.bytesRead);
    expect(wire).toMatchObject({ frameIndex: 4, row: 1078, bytesRead: 6, totalBytesRead: 60, regions: [{}, {}] });
  });

  it('refuses an answer whose bytes do not match its rows, row width and count', () => {
    expect(() => toWireMemoryRead(read(new Uint8Array(5)))).toThrow(/2 rows × 3 bytes came with 5 bytes/);
    expect(() => toWireMemoryRead(read(new Uint8Array(6), { bytesRead: 7 }))).toThrow(/bytesRead 7/);
  });

  it('refuses an answer outside the format with a typed error: a row width of 0, a 17-digit address, spans astray', () => {
    for (const [what, bad] of [
      ['a row width of 0', read(new Uint8Array(0), { bytesPerRow: 0, bytesRead: 0, regions: [] })],
      ['a 17-digit address', read(new Uint8Array(6), { address: '0x10000000000000000' })],
      [
        'spans that leave a byte out',
        read(new Uint8Array(6), { regions: [{ start: 0, length: 5, region: 'visible', plane: 0 }] }),
      ],
    ] as const) {
      const wire = { ...bad, data: new Uint8Array(bad.data) };
      expect(memoryReadProblem(wire), what).not.toBeNull();
      let thrown: unknown;
      try {
        toWireMemoryRead(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, what).toBeInstanceOf(RpcFailure);
      expect((thrown as RpcFailure).code, what).toBe('INTERNAL');
      expect((thrown as RpcFailure).message, what).toMatch(/not one the format allows/);
    }
    expect(memoryReadProblem(toWireMemoryRead(read(new Uint8Array(6))))).toBeNull();
  });
});
