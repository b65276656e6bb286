/**
 * Property-based tests (fast-check): the RPC schemas over arbitrary JSON and over generated valid parameters, the
 * bounded-JSON check, and the capture reader over random mutations and truncations of a valid capture.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { boundedJson, jsonBoundsBreach, type JsonValue } from '../../electron/common/bounded-json';
import { METHODS, type MethodName } from '../../electron/common/contract';
import {
  COLOR_MATRICES,
  COLOR_RANGES,
  CONTEXT_MODES,
  DECODE_MODES,
  DEVICE_ORDINAL,
  HOLD_FRAMES,
  INIT_ORDERS,
  PIXEL_BUDGET,
  PREVIEW_OPS,
  THUMBNAIL_WIDTH,
} from '../../electron/common/vocabulary';
import { requestSchema } from '../../electron/common/wire';
import { sampleCaptureBytes } from '../support/captures';

const path = fc.string({ minLength: 1, maxLength: 200 });
const width = fc.integer({ min: THUMBNAIL_WIDTH.min, max: THUMBNAIL_WIDTH.max });
const frameIndex = fc.integer({ min: 0, max: 100_000_000 });
const none = fc.constant({});

/** Valid parameters of every method (a new method fails to compile until it has an entry here). */
const VALID: Record<MethodName, fc.Arbitrary<object>> = {
  environment: none,
  open: fc.record(
    {
      path,
      options: fc.record(
        {
          decode: fc.constantFrom(...DECODE_MODES),
          device: fc.integer({ min: DEVICE_ORDINAL.min, max: DEVICE_ORDINAL.max }),
          holdFrames: fc.integer({ min: HOLD_FRAMES.min, max: HOLD_FRAMES.max }),
          initOrder: fc.constantFrom(...INIT_ORDERS),
          context: fc.constantFrom(...CONTEXT_MODES),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['path'] },
  ),
  close: none,
  cancel: none,
  frame: fc.record(
    {
      index: frameIndex,
      proof: fc.boolean(),
      thumbnails: fc.record({ maxWidth: width }),
      fallbackToReference: fc.boolean(),
    },
    { requiredKeys: ['index'] },
  ),
  frameAtTime: fc.record(
    { seconds: fc.double({ min: 0, max: 1e7, noNaN: true }), proof: fc.boolean() },
    { requiredKeys: ['seconds'] },
  ),
  preview: fc.record(
    {
      index: frameIndex,
      op: fc.constantFrom(...PREVIEW_OPS),
      maxWidth: width,
      kernelSize: fc.integer({ min: 1, max: 15 }).map((n) => 2 * n + 1),
      sigma: fc.double({ min: 0.01, max: 20, noNaN: true }),
      flipCode: fc.constantFrom(-1, 0, 1),
      threshold: fc.double({ min: 0, max: 255, noNaN: true }),
      reference: fc.boolean(),
      matrix: fc.constantFrom(...COLOR_MATRICES),
      range: fc.constantFrom(...COLOR_RANGES),
    },
    { requiredKeys: ['index', 'op'] },
  ),
  readMemory: fc.record({
    index: frameIndex,
    range: fc.oneof(
      fc.record(
        {
          plane: fc.integer({ min: 0, max: 7 }),
          row: fc.integer({ min: 0, max: 1_000_000 }),
          rows: fc.integer({ min: 1, max: 1_000_000 }),
          byteStart: fc.integer({ min: 0, max: 1_000_000 }),
          byteCount: fc.integer({ min: 1, max: 1_000_000 }),
        },
        { requiredKeys: ['plane', 'row', 'rows'] },
      ),
      fc.record({ offset: fc.integer({ min: 0, max: 2 ** 40 }), length: fc.integer({ min: 1, max: 2 ** 40 }) }),
    ),
  }),
  listRecent: none,
  getSettings: none,
  setSettings: fc.record(
    {
      theme: fc.constantFrom('dark', 'light'),
      decode: fc.constantFrom(...DECODE_MODES),
      device: fc.integer({ min: DEVICE_ORDINAL.min, max: DEVICE_ORDINAL.max }),
      holdFrames: fc.integer({ min: HOLD_FRAMES.min, max: HOLD_FRAMES.max }),
      proof: fc.boolean(),
      thumbnailWidth: width,
      maxPixels: fc.integer({ min: PIXEL_BUDGET.min, max: PIXEL_BUDGET.max }),
    },
    { requiredKeys: [] },
  ),
  samplePath: none,
  openCapture: fc.record({ path }),
  saveCapture: fc.record(
    {
      path,
      frames: fc.oneof(
        fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 50 }),
        fc
          .tuple(fc.integer({ min: 0, max: 100_000_000 - 10_000 }), fc.integer({ min: 0, max: 9_999 }))
          .map(([from, span]) => ({ from, to: from + span })),
      ),
      thumbnailWidth: width,
      overwrite: fc.boolean(),
    },
    { requiredKeys: ['path'] },
  ),
  capturedOperators: fc.record({ index: frameIndex }),
  captureFrame: fc.record({ path, index: frameIndex, thumbnails: fc.record({ maxWidth: width }) }),
  compareDecoders: fc.record({ index: frameIndex }),
};

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
