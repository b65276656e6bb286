/**
 * The RPC's property table: for every method of the contract (contract/contract.ts), an arbitrary of valid
 * parameters, and a check that an answer is that method's typed result. With `invalidParams` and `checkAnswer`, the
 * property tests send generated parameters through the backend's real dispatch and handlers: every answer is the
 * method's result, INVALID_ARGUMENT for parameters the schema refuses, or another code of the contract's error
 * table; never an exception out of dispatch, never an INTERNAL error (a crash caught by the envelope).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { METHODS, type MethodName } from '../../contract/contract';
import { decoderCompareResultSchema } from '../../contract/decoder-compare';
import { environmentReportSchema } from '../../contract/environment';
import { ERROR_CODES } from '../../contract/errors';
import { MAX_READ_ROWS, memoryReadSchema } from '../../contract/memory';
import { frameReportSchema, streamInfoSchema } from '../../contract/report';
import { settingsSchema } from '../../contract/settings';
import { showResultSchema } from '../../contract/show';
import { sourceHashSchema } from '../../contract/source-hash';
import {
  COLOR_MATRICES,
  COLOR_RANGES,
  CONTEXT_MODES,
  DECODE_MODES,
  DEVICE_ORDINAL,
  INIT_ORDERS,
  PREVIEW_OPS,
  THUMBNAIL_WIDTH,
} from '../../contract/vocabulary';
import type { WireResponse } from '../../contract/wire';

/** What the valid arbitraries draw paths, frame indices and frame lists from. */
export interface ParamSpace {
  path: fc.Arbitrary<string>;
  index: fc.Arbitrary<number>;
  /** A saveCapture frame selection. */
  frames: fc.Arbitrary<number[] | { from: number; to: number }>;
  width: fc.Arbitrary<number>;
}

/** The whole space the schemas accept. */
export const SCHEMA_SPACE: ParamSpace = {
  path: fc.string({ minLength: 1, maxLength: 200 }),
  index: fc.integer({ min: 0, max: 100_000_000 }),
  frames: fc.oneof(
    fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 50 }),
    fc
      .tuple(fc.integer({ min: 0, max: 100_000_000 - 10_000 }), fc.integer({ min: 0, max: 9_999 }))
      .map(([from, span]) => ({ from, to: from + span })),
  ),
  width: fc.integer({ min: THUMBNAIL_WIDTH.min, max: THUMBNAIL_WIDTH.max }),
};

const none = fc.constant({});

/** Valid parameters of every method, drawn from a space (a new method fails to compile until it has an entry). */
export function validParams(space: ParamSpace = SCHEMA_SPACE): Record<MethodName, fc.Arbitrary<object>> {
  const { path, index, frames, width } = space;
  return {
    environment: none,
    open: fc.record(
      {
        path,
        options: fc.record(
          {
            decode: fc.constantFrom(...DECODE_MODES),
            device: fc.integer({ min: DEVICE_ORDINAL.min, max: DEVICE_ORDINAL.max }),
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
    show: fc.record(
      {
        target: fc.oneof(fc.record({ index }), fc.record({ seconds: fc.double({ min: 0, max: 1e7, noNaN: true }) })),
        options: fc.record(
          {
            proof: fc.boolean(),
            thumbnailWidth: width,
            previews: fc.array(
              fc.record(
                {
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
                { requiredKeys: ['op'] },
              ),
              { maxLength: 2 },
            ),
            fallbackToReference: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['target'] },
    ),
    readMemory: fc.record({
      index,
      range: fc.oneof(
        fc.record(
          {
            plane: fc.integer({ min: 0, max: 7 }),
            row: fc.integer({ min: 0, max: 1_000_000 }),
            rows: fc.integer({ min: 1, max: MAX_READ_ROWS }),
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
        proof: fc.boolean(),
        thumbnailWidth: width,
        ledger: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    samplePath: none,
    sourceHash: none,
    openCapture: fc.record({ path }),
    saveCapture: fc.record(
      { path, frames, thumbnailWidth: width, overwrite: fc.boolean() },
      { requiredKeys: ['path'] },
    ),
    capturedOperators: fc.record({ index }),
    captureFrame: fc.record({ path, index, thumbnails: fc.record({ maxWidth: width }) }),
    compareDecoders: fc.record({ index }),
  };
}

/** JSON values of every kind, to put where a parameter belongs. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/**
 * Parameters the method's schema refuses: anything JSON, or valid parameters with a field given a value of another
 * kind, a field dropped, or a field the contract does not name.
 */
export function invalidParams(method: MethodName, valid: fc.Arbitrary<object>): fc.Arbitrary<unknown> {
  const changed = fc
    .tuple(valid, fc.nat(), anyJson, fc.constantFrom('retype', 'drop', 'extra'))
    .map(([params, at, value, how]): unknown => {
      const copy: Record<string, unknown> = { ...(params as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys[at % Math.max(1, keys.length)];
      if (how === 'extra' || key === undefined) copy[`unnamed${at % 7}`] = value;
      else if (how === 'drop') delete copy[key];
      else copy[key] = value;
      return copy;
    });
  return fc
    .oneof(anyJson, changed)
    .filter((params) => !METHODS[method].params.safeParse(params ?? {}).success && params !== undefined);
}

const objectOf = (value: unknown): Record<string, unknown> => {
  expect(value).toBeTypeOf('object');
  expect(value).not.toBeNull();
  return value as Record<string, unknown>;
};
const nullable = (value: unknown, check: (v: unknown) => void): void => {
  if (value !== null) check(value);
};
const parses =
  (schema: { safeParse(value: unknown): { error?: unknown } }) =>
  (value: unknown): void => {
    expect(schema.safeParse(value).error).toBeUndefined();
  };
const bytesPicture = (value: unknown): void => {
  const picture = objectOf(value);
  expect(Number.isInteger(picture.width) && Number.isInteger(picture.height)).toBe(true);
};
const thumbnailList = (value: unknown): void => {
  expect(Array.isArray(value)).toBe(true);
  for (const t of value as unknown[]) {
    const thumbnail = objectOf(t);
    expect(thumbnail.data).toBeInstanceOf(Uint8Array);
    expect((thumbnail.data as Uint8Array).byteLength).toBe(Number(thumbnail.width) * Number(thumbnail.height));
  }
};
const previewWire = (value: unknown): void => {
  const preview = objectOf(value);
  expect(PREVIEW_OPS).toContain(preview.op);
  expect(preview.gpu).toBeTypeOf('boolean');
  nullable(preview.thumbnail, bytesPicture);
  nullable(preview.reference, bytesPicture);
  nullable(preview.wrongWrap, bytesPicture);
};
const showAnswer = (value: unknown): void => {
  parses(showResultSchema)(value);
  const answer = objectOf(value);
  nullable(answer.thumbnails, thumbnailList);
  for (const outcome of answer.previews as unknown[]) nullable(objectOf(outcome).result, previewWire);
};
const captureSummary = (value: unknown): void => {
  const summary = objectOf(value);
  expect(summary.path).toBeTypeOf('string');
  expect(summary.createdAt).toBeTypeOf('string');
};

/** For every method, a check that a result is that method's typed result (the contract's ResultOf). */
export const RESULT_CHECKS: Record<MethodName, (result: unknown) => void> = {
  environment: (r) => {
    const env = objectOf(r);
    expect(objectOf(env.addon).loaded).toBeTypeOf('boolean');
    expect(objectOf(env.backend).pid).toBeTypeOf('number');
    nullable(env.report, parses(environmentReportSchema));
  },
  open: (r) => parses(streamInfoSchema)(objectOf(r).info),
  close: (r) => expect(objectOf(r).closed).toBeTypeOf('boolean'),
  cancel: (r) => expect(Number.isInteger(objectOf(r).cancelled)).toBe(true),
  show: showAnswer,
  readMemory: parses(memoryReadSchema),
  listRecent: (r) => {
    expect(Array.isArray(r)).toBe(true);
    for (const recent of r as unknown[]) expect(objectOf(recent).path).toBeTypeOf('string');
  },
  getSettings: parses(settingsSchema),
  setSettings: parses(settingsSchema),
  samplePath: (r) => nullable(objectOf(r).path, (p) => expect(p).toBeTypeOf('string')),
  sourceHash: parses(sourceHashSchema),
  openCapture: (r) => {
    parses(streamInfoSchema)(objectOf(r).info);
    captureSummary(objectOf(r).capture);
  },
  saveCapture: (r) => {
    const saved = objectOf(r);
    expect(saved.path).toBeTypeOf('string');
    expect(Array.isArray(saved.frames)).toBe(true);
    expect(Number(saved.bytes)).toBeGreaterThan(0);
  },
  capturedOperators: (r) => {
    expect(Array.isArray(r)).toBe(true);
    for (const op of r as unknown[]) expect(objectOf(op).png).toBeTypeOf('string');
  },
  compareDecoders: parses(decoderCompareResultSchema),
  captureFrame: (r) => {
    const frame = objectOf(r);
    captureSummary(frame.capture);
    parses(frameReportSchema)(frame.report);
    thumbnailList(frame.thumbnails);
  },
};

/**
 * What an answer may say: the method's result, or an error of the contract's table other than INTERNAL (unless
 * `expectedInternal` accepts its message: the backend without its addon answers INTERNAL, saying so).
 */
export function checkAnswer(
  method: MethodName,
  response: WireResponse,
  id: number,
  expectedInternal: (message: string) => boolean = () => false,
): void {
  expect(response.kind).toBe('response');
  expect(response.id).toBe(id);
  if (response.ok) {
    RESULT_CHECKS[method](response.result);
    return;
  }
  expect(ERROR_CODES).toContain(response.error.code);
  if (response.error.code === 'INTERNAL')
    expect(expectedInternal(response.error.message), response.error.message).toBe(true);
  expect(response.error.message).toBeTypeOf('string');
  expect(response.error.remedy.length).toBeGreaterThan(0);
}
