/**
 * Property-based tests (fast-check): the RPC schemas over arbitrary JSON and over generated valid parameters, the
 * bounded-JSON check, and the capture reader over random mutations and truncations of a valid capture.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { boundedJson, jsonBoundsBreach, type JsonValue } from '../../contract/bounded-json';
import { METHODS, type MethodName } from '../../contract/contract';
import { requestSchema } from '../../contract/wire';
import { sampleCaptureBytes } from '../support/captures';
import { validParams } from '../support/rpc-properties';

/** Valid parameters of every method: the RPC property table's (test/support/rpc-properties.ts). */
const VALID = validParams();

const methodNames = Object.keys(METHODS) as MethodName[];

describe('RPC schemas (property-based)', () => {
  it('never throw from safeParse, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...methodNames), fc.jsonValue({ maxDepth: 6 }), (method, value) => {
        const result = METHODS[method].params.safeParse(value);
        expect(typeof result.success).toBe('boolean');
        expect(typeof requestSchema.safeParse({ kind: 'request', id: 1, method, params: value }).success).toBe(
          'boolean',
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it.each(methodNames)('%s: valid parameters are accepted and come back as they went in (through JSON)', (method) => {
    fc.assert(
      fc.property(VALID[method], (params) => {
        const wire: unknown = JSON.parse(JSON.stringify(params));
        const result = METHODS[method].params.safeParse(wire);
        expect(result.error).toBeUndefined();
        expect(result.data).toEqual(wire);
        expect(requestSchema.safeParse({ kind: 'request', id: 7, method, params: wire }).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('refuse a request whose params nest deeper than 16 levels, however it is built', () => {
    const deep = (depth: number): JsonValue => (depth === 0 ? 1 : { a: deep(depth - 1) });
    fc.assert(
      fc.property(fc.integer({ min: 17, max: 400 }), (depth) => {
        expect(requestSchema.safeParse({ kind: 'request', id: 1, method: 'frame', params: deep(depth) }).success).toBe(
          false,
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('bounded JSON (property-based)', () => {
  it('accepts exactly the JSON values within the depth and size, and agrees with JSON.stringify on size', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        const depthOf = (v: unknown): number =>
          v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
        const result = boundedJson({ maxDepth: 6, maxBytes: 1 << 20 }).safeParse(value);
        expect(result.success).toBe(depthOf(value) <= 6);
        if (jsonBoundsBreach(value, { maxDepth: 100, maxBytes: 1 << 30 }) === null) {
          // The size estimate never under-counts the JSON text.
          const text = JSON.stringify(value).length;
          expect(jsonBoundsBreach(value, { maxDepth: 100, maxBytes: text - 1 })).not.toBeNull();
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses what JSON cannot carry', () => {
    for (const value of [undefined, () => 1, Symbol('s'), 1n, Number.NaN, new Date(0), [1, Infinity]])
      expect(jsonBoundsBreach(value, { maxDepth: 8, maxBytes: 1000 })).not.toBeNull();
  });
});

describe('the capture reader (property-based)', () => {
  const good = sampleCaptureBytes([0, 3]);

  /** Reads bytes; resolves to the error code it refused them with, or 'ok'. */
  async function outcome(bytes: Buffer): Promise<string> {
    try {
      await readCapture(bytes, 'x.zci');
      return 'ok';
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'CAPTURE_INVALID' || code === 'CAPTURE_TOO_NEW') return code;
      throw error;
    }
  }

  it('refuses mutated, truncated or spliced captures with CAPTURE_INVALID or CAPTURE_TOO_NEW only, and never hangs', async () => {
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('flip' as const),
        at: fc.nat(good.length - 1),
        xor: fc.integer({ min: 1, max: 255 }),
      }),
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat(good.length - 1) }),
      fc.record({
        kind: fc.constant('splice' as const),
        at: fc.nat(good.length - 1),
        bytes: fc.uint8Array({ maxLength: 64 }),
      }),
      fc.record({
        kind: fc.constant('u32' as const),
        at: fc.nat(good.length - 4),
        value: fc.constantFrom(0, 1, 0x7fffffff, 0xffffffff, 0x10000, good.length),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (mutations) => {
        let bytes = Buffer.from(good);
        for (const m of mutations) {
          if (m.kind === 'flip') bytes[m.at % bytes.length] = (bytes[m.at % bytes.length] ?? 0) ^ m.xor;
          else if (m.kind === 'cut') bytes = bytes.subarray(0, m.at % (bytes.length + 1));
          else if (m.kind === 'splice')
            bytes = Buffer.concat([bytes.subarray(0, m.at), Buffer.from(m.bytes), bytes.subarray(m.at)]);
          else if (m.at + 4 <= bytes.length) bytes.writeUInt32LE(m.value >>> 0, m.at);
        }
        const started = performance.now();
        const result = await outcome(bytes);
        expect(performance.now() - started).toBeLessThan(2_000);
        expect(['ok', 'CAPTURE_INVALID', 'CAPTURE_TOO_NEW']).toContain(result);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
