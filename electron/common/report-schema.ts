/**
 * Runtime schemas of the stream info and the frame report (report.ts), for what arrives from files:
 * captures on load and the command line's JSON. Type-checked against the interfaces in both directions.
 */
import { z } from 'zod';
import type {
  AliasingProof,
  AllocationReport,
  ContextReport,
  FrameReport,
  PlaneReport,
  PoolReport,
  StreamInfo,
  TensorVerdict,
  Timings,
  WrapReport,
} from './report';

/** A 64-bit value as a hex string with a 0x prefix. */
export const hex64Schema = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'a 64-bit hex string like 0x7f00…');

const decodePathSchema = z.enum(['nvdec', 'software', 'software-upload']);
const memoryKindSchema = z.enum(['device', 'host', 'host-pinned', 'managed', 'unknown']);
const count = z.int().min(0);

/** Facts about a video stream. */
export const streamInfoSchema = z.object({
  path: z.string(),
  container: z.string(),
  codec: z.string(),
  profile: z.string(),
  bitDepth: count,
  pixelFormat: z.string(),
  width: count,
  height: count,
  codedWidth: count,
  codedHeight: count,
  frameRate: z.number(),
  durationSeconds: z.number(),
  frameCount: count,
  frameCountExact: z.boolean(),
  keyFrames: z.array(count),
  decodePath: decodePathSchema,
  decodePathReason: z.string(),
  device: z.int(),
  /** Added after the first captures: older files load with zeros. */
  openTimings: z
    .object({ probeMs: z.number(), indexMs: z.number(), cudaMs: z.number(), firstFrameMs: z.number() })
    .default({ probeMs: 0, indexMs: 0, cudaMs: 0, firstFrameMs: 0 }),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});

/** One plane: FFmpeg's facts beside NVCV's export. */
export const planeReportSchema = z.object({
  index: count,
  name: z.string(),
  width: count,
  height: count,
  bytesPerPixel: count,
  visibleBytesPerRow: count,
  pitch: count,
  rightPadding: z.int(),
  ffmpegPointer: hex64Schema,
  offsetFromPlane0: z.number(),
  offsetInAllocation: z.number().nullable(),
  rowsBeforeNextPlane: z.number().nullable(),
  hiddenRowsAfter: z.number().nullable(),
  nvcvPointer: hex64Schema.nullable(),
  nvcvRowStride: z.number().nullable(),
  match: z.boolean().nullable(),
});

const allocationSchema = z.object({
  source: z.enum(['cuda-driver', 'host']),
  memory: memoryKindSchema,
  device: z.int().nullable(),
  context: hex64Schema.nullable(),
  rangeStart: hex64Schema.nullable(),
  rangeSize: z.number().nullable(),
  bufferId: z.string().nullable(),
  planesInOneAllocation: z.boolean(),
  error: z.string().nullable(),
});

const tensorSchema = z.object({
  attempted: z.boolean(),
  valid: z.boolean(),
  reason: z.string(),
  shape: z.array(z.int()).nullable(),
  layout: z.string().nullable(),
  assumedChromaRow: z.int().nullable(),
  actualChromaRow: z.int().nullable(),
});

const wrapSchema = z.object({
  available: z.boolean(),
  reason: z.string(),
  formatName: z.string().nullable(),
  formatCode: hex64Schema.nullable(),
  bufferType: z.enum(['STRIDED_CUDA', 'STRIDED_HOST']).nullable(),
  numPlanes: z.int().nullable(),
  handleLive: z.boolean(),
  descriptorOnly: z.boolean(),
  hostRefusal: z.string().nullable(),
  tensor: tensorSchema,
});

const aliasingSchema = z.object({
  ran: z.boolean(),
  passed: z.boolean(),
  method: z.enum(['device-kernel', 'host-store', 'none']),
  canary: z.string(),
  readBack: z.string(),
  restored: z.boolean(),
  reason: z.string(),
});

const contextSchema = z.object({
  ffmpegContext: hex64Schema.nullable(),
  runtimeContext: hex64Schema.nullable(),
  allocationContext: hex64Schema.nullable(),
  oneContext: z.boolean().nullable(),
  strategy: z.string(),
  ffmpegStream: hex64Schema.nullable(),
  inspectorStream: hex64Schema.nullable(),
});

const poolSchema = z.object({
  poolSize: z.int().nullable(),
  extraReserved: count,
  framesHeld: count,
  addressSeenBefore: z.boolean(),
  distinctAddresses: count,
});

const timingsSchema = z.object({
  decodeUs: z.number(),
  wrapUs: z.number(),
  exportUs: z.number(),
  evidenceUs: z.number(),
});

/** The evidence for one decoded frame. */
export const frameReportSchema = z.object({
  frameIndex: count,
  pts: z.number(),
  timeSeconds: z.number(),
  keyFrame: z.boolean(),
  pictureType: z.string(),
  decodePath: decodePathSchema,
  format: z.object({
    swFormat: z.string(),
    hwFormat: z.string().nullable(),
    bitDepth: count,
    chromaSubsampling: z.string(),
    colorRange: z.string(),
    colorMatrix: z.string(),
    width: count,
    height: count,
    codedWidth: count,
    codedHeight: count,
  }),
  planes: z.array(planeReportSchema),
  allocation: allocationSchema,
  wrap: wrapSchema,
  aliasing: aliasingSchema,
  context: contextSchema,
  pool: poolSchema,
  timings: timingsSchema,
});

/**
 * True when a schema fits an interface: what it parses is one (output to interface, so a field the interface
 * requires cannot be missing from the schema) and every value of the interface passes it (interface to input).
 */
type Fits<S extends z.ZodType, T> = [z.output<S>] extends [T] ? ([T] extends [z.input<S>] ? true : false) : false;

/** Fails to type-check when a schema and report.ts disagree: update both together. */
export const REPORT_SCHEMAS_MATCH: [
  Fits<typeof streamInfoSchema, StreamInfo>,
  Fits<typeof planeReportSchema, PlaneReport>,
  Fits<typeof allocationSchema, AllocationReport>,
  Fits<typeof tensorSchema, TensorVerdict>,
  Fits<typeof wrapSchema, WrapReport>,
  Fits<typeof aliasingSchema, AliasingProof>,
  Fits<typeof contextSchema, ContextReport>,
  Fits<typeof poolSchema, PoolReport>,
  Fits<typeof timingsSchema, Timings>,
  Fits<typeof frameReportSchema, FrameReport>,
] = [true, true, true, true, true, true, true, true, true, true];
