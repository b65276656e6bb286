/**
 * The single RPC contract: every method with its parameter schema and result type, and every event.
 * The backend's handlers, the renderer's client and both carriers are typed from this file.
 */
import type { FfmpegChoice } from './ffmpeg-choice';
import { z } from 'zod';
import type { BackendBudgets } from './budgets';
import type { JsonValue } from './bounded-json';
import { captureFramesSchema, memoryKindsSchema, probePointsSchema } from './capture';
import { type CaptureSummary } from './capture-summary';
import type { DecoderCompareResult } from './decoder-compare';
import type { EnvironmentReport } from './environment';
import { readMemoryParamsSchema, type MemoryRead } from './memory';
import type { FrameReport, StreamInfo } from './report';
import { settingsPatchSchema, type Settings } from './settings';
import type { SourceHash } from './source-hash';
import { frameIndexSchema, showParamsSchema, type PlaneThumbnail, type ShowResult } from './show';
import { CONTEXT_MODES, decodeModeSchema, deviceSchema, INIT_ORDERS, thumbnailWidthSchema } from './vocabulary';

/** A method: its parameter schema, and its result type as a phantom field. */
interface MethodSpec<S extends z.ZodType, R> {
  readonly params: S;
  readonly result?: R;
}

/** Declares a method whose result type is R. */
function method<R>() {
  return <S extends z.ZodType>(params: S): MethodSpec<S, R> => ({ params });
}

const noParams = z.object({}).strict();
const MAX_PATH = 4096;

/** Options for opening a file, checked before they reach the addon. */
const openOptionsSchema = z
  .object({
    decode: decodeModeSchema.optional(),
    device: deviceSchema.optional(),
    /** The device operator previews run on (absent: the decoder's). */
    operatorDevice: deviceSchema.optional(),
    /** Across devices: operators read the frame through peer access instead of a copy made on their device. */
    peerAccess: z.boolean().optional(),
    initOrder: z.enum(INIT_ORDERS).optional(),
    context: z.enum(CONTEXT_MODES).optional(),
    unsafeOutput: z.boolean().optional(),
    /** NVDEC frame threads, 1 to 8 (absent: 1): pictures NVDEC works on at once (report.ts, frameThreads). */
    nvdecThreads: z.int().min(1).max(8).optional(),
  })
  .strict();

/** Whether the backend could load the native addon, and from where. */
export interface AddonStatus {
  loaded: boolean;
  path: string | null;
  error: string | null;
}

/** What environment returns: the addon's probe plus facts about the backend process. */
export interface BackendEnvironment {
  addon: AddonStatus;
  report: EnvironmentReport | null;
  backend: { pid: number; startedAt: string; node: string };
  /** The budgets the backend runs with (set only by whoever started it) and the memory charged now; absent in a
   * capture, whose environment is where it was made. */
  budgets?: BackendBudgets & { memoryUsedBytes: number };
  samplePath: string | null;
  /** The FFmpeg choices whose addon variant this installation has, and the one the backend loaded (absent in a
   * capture, whose environment is where it was made). */
  ffmpeg?: { available: FfmpegChoice[]; loaded: FfmpegChoice | null };
}

/** The result of open. */
export interface OpenResult {
  info: StreamInfo;
}

/** The result of openCapture: the stream as captured, and what the capture banner shows. */
export interface OpenCaptureResult {
  info: StreamInfo;
  capture: CaptureSummary;
}

/** The result of captureFrame: one frame of another capture, to set beside the frame shown (A/B). */
export interface CaptureFrameResult {
  capture: CaptureSummary;
  report: FrameReport;
  thumbnails: PlaneThumbnail[];
}

/** The result of saveCapture: where it went, which frames it holds, its size. */
export interface SaveCaptureResult {
  path: string;
  frames: number[];
  bytes: number;
}

/** One captured operator preview as it crosses the wire: its figures and its PNG as base64. */
export interface CapturedOperatorWire {
  name: string;
  params: Record<string, JsonValue>;
  gpuTimeMs: number | null;
  psnr: number | null;
  maxAbsError: number | null;
  png: string;
}

/** A file opened before, with where the user left it. */
export interface RecentFile {
  path: string;
  openedAt: string;
  lastFrame: number | null;
}

/** Every method of the RPC. */
export const METHODS = {
  environment: method<BackendEnvironment>()(noParams),
  open: method<OpenResult>()(
    z.object({ path: z.string().min(1).max(MAX_PATH), options: openOptionsSchema.optional() }).strict(),
  ),
  close: method<{ closed: boolean }>()(noParams),
  /** The open video's SHA-256, taken after the open off every request's path, answered at once: the hash, or how
   * far the reading has come (ask again). SOURCE_TOO_LARGE_TO_HASH past SOURCE_HASH_MAX_BYTES (said before reading),
   * SOURCE_CHANGED_WHILE_HASHED when the file changed on disk since the open; a capture carries its own hash. */
  sourceHash: method<SourceHash>()(noParams),
  /** Stops this client's open, frame and capture requests, queued or running; they answer CANCELLED. */
  cancel: method<{ cancelled: number }>()(noParams),
  /** The one frame call, the addon's Session.show: the frame a target names, its report, and what the options ask
   * to bring back (plane thumbnails, operator previews, each with its outcome), with the step's copy ledger beside
   * the report. A newer show from the same client supersedes one still waiting (SUPERSEDED): latest wins. */
  show: method<ShowResult>()(showParamsSchema),
  /** A bounded byte range of frame index's memory (decoded first when it is not the frame held last), at most
   * MEMORY_READ_CAP bytes: MEMORY_READ_TOO_LARGE over it, MEMORY_RANGE_OUTSIDE_ALLOCATION past the allocation. */
  readMemory: method<MemoryRead>()(readMemoryParamsSchema),
  listRecent: method<RecentFile[]>()(noParams),
  getSettings: method<Settings>()(noParams),
  setSettings: method<Settings>()(settingsPatchSchema),
  samplePath: method<{ path: string | null }>()(noParams),
  openCapture: method<OpenCaptureResult>()(z.object({ path: z.string().min(1).max(MAX_PATH) }).strict()),
  saveCapture: method<SaveCaptureResult>()(
    z
      .object({
        path: z.string().min(1).max(MAX_PATH),
        frames: captureFramesSchema.optional(),
        thumbnailWidth: thumbnailWidthSchema.optional(),
        /** The memory samples each frame keeps (default every kind; [] for none). */
        memory: memoryKindsSchema.optional(),
        /** Pixels to keep a band of rows around in every plane, instead of the middle (the probe's pinned pixel). */
        probe: probePointsSchema.optional(),
        /** Replace an existing regular file at path (never a symbolic link); without it, an existing file is kept. */
        overwrite: z.boolean().optional(),
      })
      .strict(),
  ),
  capturedOperators: method<CapturedOperatorWire[]>()(z.object({ index: frameIndexSchema }).strict()),
  /** The frame decoded again by FFmpeg's software decoder and compared with the open file's decoder (NVDEC, or
   * software + upload) on sample values, plane by plane, on the GPU where there is one; and the inspector's RGB
   * against swscale's. A capture: CAPTURE_READ_ONLY-style refusal (the video itself is needed). */
  compareDecoders: method<DecoderCompareResult>()(z.object({ index: frameIndexSchema }).strict()),
  /** A frame of a capture file, read without replacing what the client has open: the other side of an A/B. A frame
   * the capture does not hold: CAPTURE_FRAME_MISSING naming the frames it holds. */
  captureFrame: method<CaptureFrameResult>()(
    z
      .object({
        path: z.string().min(1).max(MAX_PATH),
        index: frameIndexSchema,
        thumbnails: z.object({ maxWidth: thumbnailWidthSchema }).strict(),
      })
      .strict(),
  ),
} as const;

/** The name of a method. */
export type MethodName = keyof typeof METHODS;

/** Every method name, for iteration. */
export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];

/** What a caller passes to a method. */
export type ParamsOf<M extends MethodName> = z.input<(typeof METHODS)[M]['params']>;

/** What a method resolves to. */
export type ResultOf<M extends MethodName> = (typeof METHODS)[M] extends MethodSpec<z.ZodType, infer R> ? R : never;

/** True when a string names a method. */
export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(METHODS, name);
}

/** Progress of a slow request (opening, seeking). */
export interface ProgressEvent {
  stage: 'opening' | 'seeking' | 'thumbnails' | 'capturing' | 'done';
  message: string;
  fraction: number | null;
}

/** Sent after the backend process died and a new one took its place. */
export interface BackendRestartedEvent {
  reason: string;
  exitCode: number | null;
  signal: string | null;
  restarts: number;
  lastFile: string | null;
  lastFrame: number | null;
}

/** Every event the backend can push, with its payload. */
export interface EventMap {
  progress: ProgressEvent;
  backendRestarted: BackendRestartedEvent;
}

/** The name of an event. */
export type EventName = keyof EventMap;
