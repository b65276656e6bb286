/**
 * What a recorder (python/, include/zci_recorder.h) records of a frame beside its report, in the frame's `recorded`
 * block: the source's and the wrapped object's planes (pointer, pitch, size, sample size) and the allocations they
 * lie in (start, size, memory, device, context), and the stream at hand-over. Facts only: a recorder states no
 * judgement, and the inspector derives the report's judgements from these facts when it reads the capture
 * (electron/capture/recorded-judgements.ts), so each judgement has one home. docs/capture-format.md describes them.
 */
import { z } from 'zod';
import { boundedJson, type JsonBounds, type JsonValue } from './bounded-json';

/** An address as the recorder writes it: lower-case or upper-case hex, at most 64 bits. */
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'a 64-bit hex string like 0x7f00…');

/** The allocation a plane lies in, as the CUDA driver's pointer attributes gave it. */
const recordedAllocationSchema = z.object({
  start: addressSchema,
  size: z.int().min(0),
  memory: z.string().max(32),
  device: z.int().nullable(),
  context: addressSchema.nullable(),
  bufferId: z.string().max(32),
});

/** One plane of an object: where it starts, its pitch, its samples and rows, and its allocation (null: unknown). */
const recordedPlaneSchema = z.object({
  name: z.string().max(8),
  pointer: addressSchema,
  pitch: z.int().min(0),
  width: z.int().min(0),
  height: z.int().min(0),
  bytesPerSample: z.int().min(0),
  allocation: recordedAllocationSchema.nullable(),
});

/** The source frame or the wrapped object, as the recorder describes it and reads its planes. */
const recordedObjectSchema = z.object({
  kind: z.string().max(64),
  described: z.string().max(200),
  pixelFormat: z.string().max(64).nullable().optional(),
  planes: z.array(recordedPlaneSchema).min(1).max(8),
});

/** The stream the user named, and whether the decode's work on it was complete at hand-over. */
const recordedStreamSchema = z.object({
  handle: addressSchema.nullable(),
  method: z.string().max(64).nullable(),
  state: z.enum(['complete', 'pending', 'not-named']),
});

/** The facts the inspector derives a recorder frame's judgements from (other fields of the block are kept open). */
export const recorderFactsSchema = z.object({
  source: recordedObjectSchema,
  wrapped: recordedObjectSchema.nullable(),
  stream: recordedStreamSchema,
});

/**
 * A frame's `recorded` block as stored: bounded JSON whose facts, each that is there, have their shape (a missing
 * fact makes the frame's judgements underivable, which the manifest's check names); its other fields stay open.
 * The published JSON Schema states the same shape (scripts/schema/write-capture-schema.mjs).
 */
export function recordedBlockSchema(bounds: JsonBounds) {
  const block = recorderFactsSchema.partial().loose();
  // The block reads bounded JSON: its input is JSON, which zod's object type (optional keys as undefined, other
  // keys unknown) does not say; the schema itself is unchanged, so the check and the published JSON Schema are.
  return boundedJson(bounds).pipe(block as unknown as z.ZodType<z.output<typeof block>, JsonValue>);
}

/** A recorder frame's facts, as read. */
export type RecorderFacts = z.infer<typeof recorderFactsSchema>;

/** One object's facts. */
export type RecordedObject = z.infer<typeof recordedObjectSchema>;

/**
 * The report's fields that are judgements, not facts: a recorder leaves them out, and the inspector derives them
 * from the frame's facts (and believes no recorder's own values for them). Per plane: where the wrapped object puts
 * the plane and whether that is the source's pointer; of the wrap: whether the planes lie inside the source's
 * allocation (its reason) and whether one tensor could hold the frame; of the contexts: whether one is in play, and
 * the words that say which. Each is a mask of the report's schema (zod's partial).
 */
export const RECORDER_JUDGEMENTS = {
  plane: { nvcvPointer: true, nvcvRowStride: true, match: true },
  wrap: { reason: true, tensor: true },
  context: { oneContext: true, strategy: true },
} as const;

/** True when a stored report leaves out any judgement a recorder leaves to the inspector. */
export function lacksJudgements(report: {
  planes: readonly Partial<Record<keyof typeof RECORDER_JUDGEMENTS.plane, unknown>>[];
  wrap: Partial<Record<keyof typeof RECORDER_JUDGEMENTS.wrap, unknown>>;
  context: Partial<Record<keyof typeof RECORDER_JUDGEMENTS.context, unknown>>;
}): boolean {
  const missing = (value: object, mask: object): boolean =>
    Object.keys(mask).some((key) => (value as Record<string, unknown>)[key] === undefined);
  return (
    report.planes.some((plane) => missing(plane, RECORDER_JUDGEMENTS.plane)) ||
    missing(report.wrap, RECORDER_JUDGEMENTS.wrap) ||
    missing(report.context, RECORDER_JUDGEMENTS.context)
  );
}
