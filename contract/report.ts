/**
 * The stream info and the frame report that the native core produces, as plain JSON: the zod schemas are the
 * one statement of their shape, and the types are inferred from them. 64-bit addresses and sizes that may
 * exceed 2^53 travel as hex strings ("0x7f…"), never numbers. Captures and the command line's JSON are
 * validated with these schemas; the addon's own reports are typed by them (native/index.d.ts).
 */
import { z } from 'zod';
import { ledgerSchema } from './ledger';
import {
  DAMAGE_FLAGS,
  DECODE_PATHS,
  nvcvFormatNameSchema,
  pixelFormatNameSchema,
  planeNameSchema,
  PLACEMENT_VERDICTS,
  WARNING_CODES,
} from './vocabulary';

/** A 64-bit value as a hex string with a 0x prefix. */
const hex64Schema = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'a 64-bit hex string like 0x7f00…');

const count = z.int().min(0);

/** Facts about the opened file and its video stream. */
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
  /** The rotation a player applies, in degrees counter-clockwise as the stream's display matrix gives it (0 without
   *  one), whether the matrix also mirrors, and the sample range the stream declares: 'tv' (limited), 'pc' (full) or
   *  'unknown' (undeclared; all three absent in older reports). */
  rotationDegrees: z.number().optional(),
  displayFlipped: z.boolean().optional(),
  colorRange: z.string().max(32).optional(),
  decodePath: z.enum(DECODE_PATHS),
  decodePathReason: z.string(),
  /** NVDEC only: what FFmpeg hands out: NVDEC's mapped surface (before 6.0), FFmpeg's copy of it (6.0 and later), or
   *  the surface because AV_HWACCEL_FLAG_UNSAFE_OUTPUT was set; null otherwise (absent in older reports). */
  nvdecOutput: z.enum(['mapped-surface', 'copy', 'unsafe-output']).nullable().optional(),
  /** Pictures the decoder works on at once: its frame threads, or 1 without them. Above 1, FFmpeg may set a frame's
   *  error flags after handing it out, so each frame's damage leaves them out and its messages alone say whether it
   *  was concealed (absent in older reports). */
  frameThreads: z.int().min(1).max(64).optional(),
  device: z.int(),
  /** Problems that did not stop the file from opening (for example TRUNCATED_FILE). */
  warnings: z.array(z.object({ code: z.enum(WARNING_CODES), message: z.string() })),
});

/** One plane as FFmpeg hands it out, beside what NVCV exports for it. */
const planeReportSchema = z.object({
  index: count,
  name: planeNameSchema,
  width: count,
  height: count,
  bytesPerPixel: count,
  visibleBytesPerRow: count,
  pitch: count,
  rightPadding: z.int(),
  ffmpegPointer: hex64Schema,
  /** Bytes from plane 0's first byte; null when the plane lies in an allocation of its own (separateAllocation), where
   * a difference of addresses would mean nothing. */
  offsetFromPlane0: z.number().nullable(),
  offsetInAllocation: z.number().nullable(),
  /** Rows of this plane's pitch from its start to the next plane, when the next plane follows in the same allocation. */
  rowsBeforeNextPlane: z.number().nullable(),
  /** Rows below the picture: up to the next plane, or to the end of the allocation for the last plane in it; the sum
   * of codedRowsNotDisplayed and allocatorPaddingRows where the report has them. */
  hiddenRowsAfter: z.number().nullable(),
  nvcvPointer: hex64Schema.nullable(),
  nvcvRowStride: z.number().nullable(),
  /** NVCV's exported pointer is FFmpeg's (null: NVCV exported none). Captures made before the row stride was judged
   * apart also required equal strides here, so verdicts compare the pointers and the strides themselves. */
  match: z.boolean().nullable(),
  // The fields below came with memory reads; captures saved before lack them.
  /** This plane's decoded size, in its own samples and rows (the decoder's coded size scaled by its subsampling). */
  codedWidth: count.optional(),
  codedHeight: count.optional(),
  /** Whole rows decoded but cropped away: from the display height to the coded height. */
  codedRowsNotDisplayed: count.nullable().optional(),
  /** Whole rows the allocator left after the coded rows, up to the next plane or the end of the allocation. */
  allocatorPaddingRows: count.nullable().optional(),
  /** Samples decoded but cropped away in each row: from the display width to the coded width. */
  codedColumnsNotDisplayed: count.optional(),
  /** True when the plane lies in an allocation apart from plane 0's (FFmpeg's software frames: one buffer a plane). */
  separateAllocation: z.boolean().optional(),
  /** That allocation, when separate; null otherwise. */
  allocation: z.object({ start: hex64Schema, size: count }).nullable().optional(),
});

/** The allocation that holds the planes, from the driver's pointer attributes (or our own knowledge for host frames). */
const allocationSchema = z.object({
  source: z.enum(['cuda-driver', 'host']),
  memory: z.enum(['device', 'host', 'host-pinned', 'managed', 'unknown']),
  device: z.int().nullable(),
  context: hex64Schema.nullable(),
  rangeStart: hex64Schema.nullable(),
  rangeSize: z.number().nullable(),
  bufferId: z.string().nullable(),
  planesInOneAllocation: z.boolean(),
  error: z.string().nullable(),
});

/** Which device holds what: each plane's memory (the driver's device ordinal of its pointer; null: host memory), the
 *  decoder, NVCV's image and the operators; peer access between the frame's device and the operators' when they
 *  differ; and what operators must do to reach the frame (the device doctor's verdict, PLACEMENT_VERDICTS). */
const placementSchema = z.object({
  decoderDevice: z.int().min(0).nullable(),
  planeDevices: z.array(z.int().min(0).nullable()).max(8),
  nvcvDevice: z.int().min(0).nullable(),
  operatorDevice: z.int().min(0).nullable(),
  peer: z.object({ supported: z.boolean(), enabled: z.boolean() }).nullable(),
  verdict: z.enum(PLACEMENT_VERDICTS),
  reason: z.string().max(600),
});

/** Whether the frame can also be one NVCV tensor (CV-CUDA's samples' NV12 as 1.5×H). */
const tensorSchema = z.object({
  attempted: z.boolean(),
  valid: z.boolean(),
  reason: z.string(),
  shape: z.array(z.int()).nullable(),
  layout: z.string().nullable(),
  assumedChromaRow: z.int().nullable(),
  actualChromaRow: z.int().nullable(),
});

/** What NVCV made of the frame. */
const wrapSchema = z.object({
  available: z.boolean(),
  reason: z.string(),
  formatName: nvcvFormatNameSchema.nullable(),
  formatCode: hex64Schema.nullable(),
  bufferType: z.enum(['STRIDED_CUDA', 'STRIDED_HOST']).nullable(),
  numPlanes: z.int().nullable(),
  handleLive: z.boolean(),
  /** Host memory wrapped through a STRIDED_CUDA descriptor because NVCV refuses STRIDED_HOST: layout evidence only. */
  descriptorOnly: z.boolean(),
  /** NVCV's own message when it refused to wrap host memory as STRIDED_HOST. */
  hostRefusal: z.string().nullable(),
  // The three below came with the format check; captures saved before lack them.
  /** The NVCV format FFmpeg's frame implies (pixel format, range, matrix), derived apart from the wrap. */
  expectedFormatCode: hex64Schema.nullable().optional(),
  /** NVCV's exported format (formatCode) is expectedFormatCode. */
  formatMatch: z.boolean().nullable().optional(),
  /** A deliberate wrong wrap the tests planted (ZCI_PLANT_WRAP), named: such a report is never a real one. */
  planted: z.string().nullable().optional(),
  tensor: tensorSchema,
});

/** Canary written through NVCV's pointer and read back through FFmpeg's. */
const aliasingSchema = z.object({
  ran: z.boolean(),
  passed: z.boolean(),
  /**
   * How the canary was written: CV-CUDA's own Flip operator into the wrapped image ("cvcuda-flip", on the device
   * where CV-CUDA is loaded), the inspector's one-thread kernel ("device-kernel"), or a host store ("host-store").
   */
  method: z.enum(['cvcuda-flip', 'device-kernel', 'host-store', 'none']),
  canary: z.string(),
  readBack: z.string(),
  restored: z.boolean(),
  reason: z.string(),
  /** Where the proof took NVCV's addresses from: its own call of nvcvImageExportData (absent in older captures). */
  witness: z.string().nullable().optional(),
  /** On the device, why the canary kernel ran instead of CV-CUDA's Flip (absent when CV-CUDA wrote it). */
  witnessNote: z.string().nullable().optional(),
});

/** One plane against the decoder's surface, in bytes from the mapped surface's first byte. */
const decoderPlaneSchema = z.object({
  index: count,
  /** Where NVDEC put the plane (null where the layout was not measured for this chroma format). */
  decoderOffset: z.int().nullable(),
  /** Where FFmpeg's pointer says the plane is (null when the frame is FFmpeg's copy: its pointer is elsewhere). */
  ffmpegOffset: z.int().nullable(),
  /** FFmpeg's offset (or, for its copy, where it copied from) minus the decoder's, in bytes, and in rows of the pitch
   *  when whole. */
  deltaBytes: z.int().nullable(),
  deltaRows: z.int().nullable(),
  /** Where FFmpeg copied the plane from, in the surface, when the frame is FFmpeg's copy (absent in older reports). */
  copiedFromOffset: z.int().nullable().optional(),
  /** For FFmpeg's copy: the rows it copied of the plane, and the rows the plane has at the stream's height (fewer
   *  copied leaves the plane's last rows unwritten; absent in older reports). */
  copiedRows: count.nullable().optional(),
  rowsNeeded: count.nullable().optional(),
  /** decoder-plane: FFmpeg's pointer is the decoder's plane; ffmpeg-copy: FFmpeg's copy of the decoder's plane;
   *  shifted: FFmpeg's pointer (or its copy's source) is elsewhere in the surface. */
  verdict: z.enum(['decoder-plane', 'ffmpeg-copy', 'shifted', 'not-measured']),
});

/**
 * The decoder's own witness: the surface NVDEC mapped for the frame (pointer and pitch as cuvidMapVideoFrame returned
 * them, recorded by the NVDEC pool library) and where NVDEC put each plane, against FFmpeg's pointers.
 */
const decoderSurfaceSchema = z.object({
  witnessed: z.boolean(),
  /** The frame is FFmpeg's copy of the mapped surface (FFmpeg 6.0 and later without AV_HWACCEL_FLAG_UNSAFE_OUTPUT);
   *  pointer and pitch are then the surface it was copied from (absent in older reports). */
  ffmpegCopy: z.boolean().optional(),
  reason: z.string(),
  /** The plane layout rule applied, as measured (docs/gpu-evidence.md); null without a witness. */
  rule: z.string().nullable(),
  pointer: hex64Schema.nullable(),
  pitch: z.int().nullable(),
  picIdx: z.int().nullable(),
  targetWidth: z.int().nullable(),
  targetHeight: z.int().nullable(),
  planes: z.array(decoderPlaneSchema),
});

/** The decoder's surface section of a report. */
export type DecoderSurface = z.infer<typeof decoderSurfaceSchema>;

/** The CUDA contexts in play. */
const contextSchema = z.object({
  ffmpegContext: hex64Schema.nullable(),
  runtimeContext: hex64Schema.nullable(),
  allocationContext: hex64Schema.nullable(),
  oneContext: z.boolean().nullable(),
  strategy: z.string(),
  ffmpegStream: hex64Schema.nullable(),
  inspectorStream: hex64Schema.nullable(),
});

/** Surface pool accounting. */
const poolSchema = z.object({
  poolSize: z.int().nullable(),
  extraReserved: count,
  framesHeld: count,
  addressSeenBefore: z.boolean(),
  distinctAddresses: count,
});

/** Wall-clock timings of each stage in microseconds. */
const timingsSchema = z.object({
  decodeUs: z.number(),
  wrapUs: z.number(),
  exportUs: z.number(),
  evidenceUs: z.number(),
  /** Of evidenceUs: the decoder's witness (the decoder surface section); absent from captures made before it. */
  witnessUs: z.number().optional(),
});

/**
 * Damage in the frame as FFmpeg's decoder met it: concealed when it hid errors (its flags, or an error it logged
 * for this frame's packet), with its flags and its messages for this frame. A decoder running frame threads (FFmpeg's
 * software decoders) may set the flags after the frame is out, so there they are left out and the messages say it.
 */
const damageSchema = z.object({
  concealed: z.boolean(),
  flags: z.array(z.enum(DAMAGE_FLAGS)),
  messages: z.array(z.string().max(200)).max(16),
});

/** The evidence for one decoded frame. */
export const frameReportSchema = z.object({
  frameIndex: count,
  pts: z.number(),
  timeSeconds: z.number(),
  keyFrame: z.boolean(),
  pictureType: z.string(),
  decodePath: z.enum(DECODE_PATHS),
  format: z.object({
    swFormat: pixelFormatNameSchema,
    hwFormat: pixelFormatNameSchema.nullable(),
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
  /** Absent in captures made before the decoder's witness. */
  decoderSurface: decoderSurfaceSchema.optional(),
  context: contextSchema,
  pool: poolSchema,
  timings: timingsSchema,
  /** Absent in captures made before damage was reported. */
  damage: damageSchema.optional(),
  /** Absent in captures made before placement was reported. */
  placement: placementSchema.optional(),
  /** The copies this step asked the GPU to do (frame() answers); absent where the step was not traced. */
  ledger: ledgerSchema.optional(),
});

/** Facts about the opened file and its video stream. */
export type StreamInfo = z.infer<typeof streamInfoSchema>;

/** One plane as FFmpeg hands it out, beside what NVCV exports for it. */
export type PlaneReport = z.infer<typeof planeReportSchema>;

/** Which device holds what for one frame, and the device doctor's verdict. */
export type Placement = z.infer<typeof placementSchema>;

/** The evidence for one decoded frame. */
export type FrameReport = z.infer<typeof frameReportSchema>;
