/**
 * The typed surface of the native addon (zerocopy_inspector.node): the only statement of its shapes. The names it
 * accepts come from contract/vocabulary.ts, its reports from the schemas in contract/.
 */
import type { CompareDecodersOptions, DecoderCompareResult } from '../contract/decoder-compare';
import type { EnvironmentReport } from '../contract/environment';
import type { ErrorCode } from '../contract/errors';
import type { FfmpegChoice } from '../contract/ffmpeg-choice';
import type { MemoryRead, ReadMemoryParams } from '../contract/memory';
import type { PreviewParams } from '../contract/preview';
import type { StreamInfo } from '../contract/report';
import type { ShowRequestOptions, ShowResult, ShowTarget } from '../contract/show';
import type { ContextMode, DecodeMode, InitOrder } from '../contract/vocabulary';

/** Options of Session.open; every field is optional. */
export interface OpenOptions {
  /** How the decoder is chosen; 'auto' prefers NVDEC, then software + upload, then software. */
  decode?: DecodeMode;
  /** CUDA device ordinal: the decoder's, and the operators' unless operatorDevice says another. */
  device?: number;
  /** The device operator previews run on (default: the decoder's). One the driver does not list: NO_CUDA_DEVICE. */
  operatorDevice?: number;
  /** With operators on another device: they read the frame through peer access instead of a copy made on their
   * device (default false). Where the two devices lack it: PEER_ACCESS_UNSUPPORTED. */
  peerAccess?: boolean;
  /** Frames the inspector may hold at once; reserved in the decoder's surface pool. */
  holdFrames?: number;
  /** 'runtime-first' initialises the CUDA runtime before the decoder (a test of the shared context). */
  initOrder?: InitOrder;
  /** 'shared' (default) hands FFmpeg the retained primary context; 'private' lets FFmpeg create its own, to show
   * what a mismatch looks like; 'ffmpeg-primary' asks FFmpeg for the primary context with its own flag. */
  context?: ContextMode;
  /** Pixel budget, coded width × height, 4096..268435456 (default 35651584, 8192×4352); over it: MEDIA_TOO_LARGE. */
  maxPixels?: number;
  /** Largest packet, and most bytes read without one ending, 65536..4294967296 (default 64 MiB): MEDIA_TOO_LARGE. */
  maxPacketBytes?: number;
  /** Deadline of the open (probing, indexing, first frame), 1..3600000 ms (default 30000): DEADLINE_EXCEEDED. */
  openDeadlineMs?: number;
  /** Deadline of each frame request, 1..3600000 ms (default 15000): DEADLINE_EXCEEDED. */
  frameDeadlineMs?: number;
  /** The copy ledger: CUPTI tracing of every copy and memset, by stage (default false: tracing CUDA's API calls costs
   * time; Session.setLedger switches). */
  ledger?: boolean;
  /** AV_HWACCEL_FLAG_UNSAFE_OUTPUT (FFmpeg 6.0 and later): NVDEC frames are the decoder's mapped surfaces instead of
   * FFmpeg's copies, and each frame held keeps one of NVDEC's output surfaces (default false). No effect on an FFmpeg
   * without the flag, whose frames are the surfaces already. */
  unsafeOutput?: boolean;
  /** NVDEC frame threads, 1 to 8 (default 1): pictures NVDEC works on at once, each with a decode surface of its own.
   * Above 1, a frame's damage leaves out FFmpeg's error flags (set after the frame is out); its messages still say
   * whether it was concealed. */
  nvdecThreads?: number;
  /** Aborting stops the open (CANCELLED); already aborted: rejected at once. */
  signal?: AbortSignal;
}

/** The frame a show() call names, what it brings back, and its answer: stated once, as zod, in contract/show.ts. */
export type {
  PlaneThumbnail,
  PreviewOutcome,
  PreviewResult,
  RgbImage,
  ShowResult,
  ShowTarget,
} from '../contract/show';

/** An operator preview request; op is one of PREVIEW_OPS (contract/preview.ts states its bounds and defaults). */
export type PreviewOptions = PreviewParams;

/** What a frame request brings back with it, besides the report (contract/show.ts), and a signal: aborting stops
 * the request (CANCELLED); already aborted: rejected at once. */
export type ShowOptions = ShowRequestOptions & { signal?: AbortSignal };

/** A range of a frame's memory: rows of a plane (in its pitch, from its first byte; they may run past the plane) and
 * bytes byteStart..byteStart+byteCount of each row (default the whole pitch), or an offset and length from the first
 * byte of plane 0's allocation. The bounds are readMemoryParamsSchema's (contract/memory.ts). */
export type MemoryRange = ReadMemoryParams['range'];

/** Options of a memory read. */
export interface ReadMemoryOptions {
  /** The held frame to read (one the session showed and still holds). A frame not held: INVALID_ARGUMENT. */
  index: number;
  /** Aborting before the copy stops the read (CANCELLED); already aborted: rejected at once. */
  signal?: AbortSignal;
}

/** What a memory read brings back: MemoryRead (contract/memory.ts) with the bytes themselves. */
export type NativeMemoryRead = Omit<MemoryRead, 'data'> & { data: Uint8Array };

/** An open video: a decoder plus the frames the inspector holds. */
export declare class Session {
  private constructor();
  /** Opens a file; rejects with InspectorError. */
  static open(path: string, options?: OpenOptions): Promise<Session>;
  /** Stream facts, fixed once open. */
  readonly info: StreamInfo;
  /** True once close() ran. */
  readonly closed: boolean;
  /** The one frame call: decodes the frame the target names, wraps it in NVCV, gathers its evidence (the aliasing
   * proof unless proof: false), and brings back its thumbnails and previews, in one worker hop. Asking again for the
   * frame held last reuses it without decoding. A GPU operator on a machine without a GPU answers NO_CUDA_DEVICE in
   * its outcome; without CV-CUDA: CVCUDA_NOT_FOUND; cvtcolor on a frame it cannot take: OPERATOR_UNSUPPORTED. */
  show(target: ShowTarget, options?: ShowOptions): Promise<ShowResult>;
  /** show() for up to framesPerCall targets in one worker call, one after another with no hop back to JS between
   * them; each entry is the frame's answer or the InspectorError it failed with (the rest go on). A cancel rejects
   * the whole call with CANCELLED. */
  showBatch(targets: ShowTarget[], options?: ShowOptions): Promise<(ShowResult | InspectorError)[]>;
  /** Copies a bounded range of a held frame's memory to the host (one 2-D copy from the device, or read from host
   * memory), every byte labelled with its region. A plane the frame lacks or columns past the pitch:
   * INVALID_ARGUMENT; over MEMORY_READ_CAP bytes: MEMORY_READ_TOO_LARGE (before any copy); past the allocation:
   * MEMORY_RANGE_OUTSIDE_ALLOCATION; an allocation the driver will not name: MEMORY_ALLOCATION_UNKNOWN. */
  readMemory(range: MemoryRange, options: ReadMemoryOptions): Promise<NativeMemoryRead>;
  /** readMemory over 1 to 16 ranges of one held frame in one call, answered in their order. Each range is read as
   * readMemory reads it (at most MEMORY_READ_CAP bytes, its own copy) and charged as one read to totalBytesRead, in
   * order. Every range is checked before the first copy: a range that fails rejects the whole call with its error,
   * the message naming it ("Range 2: ..."), and nothing is copied; no ranges or more than 16: INVALID_ARGUMENT. */
  readMemoryBatch(ranges: readonly MemoryRange[], options: ReadMemoryOptions): Promise<NativeMemoryRead[]>;
  /** Live NVCV image handles created by this session and not yet released. */
  liveHandles(): number;
  /** Switches the copy ledger; true when it records now (otherwise the next ledger says why). Not while a call runs
   * (BUSY) nor once closed (CLOSED). */
  setLedger(on: boolean): boolean;
  /** Releases the decoder, frames and NVCV handles; idempotent. With background: true, the session is closed at once
   * (closed is true, every later call answers CLOSED) and destroyed on a worker thread, off the JS thread. */
  close(options?: { background?: boolean }): void;
}

/** Error thrown by the addon, with a stable code and a remedy. */
export declare class InspectorError extends Error {
  readonly code: ErrorCode;
  readonly remedy: string;
}

/** Probes FFmpeg, CUDA, NVCV and CV-CUDA, synchronously: its first call loads NVCV and CV-CUDA on the calling
 * thread (the command line's choice; a process serving a window uses environmentAsync). */
export declare function environment(options?: EnvironmentOptions): EnvironmentReport;

/** What environment() asks: nvdecCaps false leaves out NVDEC's whole capability table (about a second of driver
 * queries on the first call in a process; an open asks only for its stream's row). */
export interface EnvironmentOptions {
  nvdecCaps?: boolean;
}

/** An FFmpeg the addon can be loaded for: the system's, a shipped series, or a series with docs/upstream's fix
 * (contract/ffmpeg-variants.json lists them). */
export type FfmpegVariant = FfmpegChoice;
/** Which FFmpeg this process loaded the addon for, chosen by ZCI_FFMPEG at load. */
export declare const ffmpegVariant: FfmpegVariant;
/** Every choice ZCI_FFMPEG knows (whether or not its variant is built here). */
export declare const ffmpegVariants: readonly FfmpegVariant[];

/** environment() on a worker thread: the JS thread goes on while the libraries load. */
export declare function environmentAsync(options?: EnvironmentOptions): Promise<EnvironmentReport>;

/** What warmUp made ready for the first open. */
export interface WarmUpResult {
  /** The device's primary context is created and kept for every open, so no open pays for creating it. */
  cuda: boolean;
  nvcv: boolean;
  cvcuda: boolean;
  reason: string;
}

/** Loads NVCV and CV-CUDA and creates (and keeps) the device's CUDA context, on a worker thread; a backend calls it
 * at start. Device: 0..63 (default 0). Without a device it loads the libraries and says why CUDA is not warm.
 * With libraries: false, only the context (the command line starts it first, and loads the libraries meanwhile on
 * another thread); nvcv and cvcuda are then false. */
export declare function warmUp(device?: number, options?: { libraries?: boolean }): Promise<WarmUpResult>;

/** What nvdecEngines found: the engines, or null where the driver reports none or cannot be asked; reason says which. */
export interface NvdecEngines {
  engines: number | null;
  reason: string;
}

/** How many NVDEC engines device (0..63, default 0; else INVALID_ARGUMENT) has, as the driver reports them: one
 * capability query on a worker thread (the H.264 4:2:0 8-bit row), not the whole table. */
export declare function nvdecEngines(device?: number): Promise<NvdecEngines>;

/** Ends the process at once with CODE (0..255; else INVALID_ARGUMENT), without tearing down FFmpeg, CUDA or NVCV:
 * the driver reclaims an ending process's GPU state. For a command line whose output is written; no 'exit' event. */
export declare function exitProcess(code: number): never;

/** What the prestart library (bin/zerocopy-inspector preloads it) did in this process before Node's main. */
export interface PrestartState {
  /** The device whose primary context it started making, or null when the command was not one to decode on a GPU. */
  device: number | null;
  /** When cuInit returned and when the primary context was made: CLOCK_MONOTONIC milliseconds, null if not (yet). */
  driverMs: number | null;
  contextMs: number | null;
}

/** The prestart library's decision and marks, or null when it is not loaded (node run without the launcher). */
export declare function prestart(): PrestartState | null;

/** The names the addon accepts and reports, from its C++ tables: each option's values in order, every error code,
 * and the width bounds of thumbnails and previews. */
export declare function vocabulary(): {
  decode: string[];
  context: string[];
  initOrder: string[];
  op: string[];
  matrix: string[];
  range: string[];
  errorCodes: string[];
  /** Codes of StreamInfo.warnings: 'TRUNCATED_FILE', 'DUPLICATE_TIMESTAMPS', 'ODD_TIMESCALE'. */
  warningCodes: string[];
  thumbnailWidth: { min: number; max: number };
  /** The regions a byte of a frame's memory is labelled with, in MEMORY_REGIONS' order. */
  memoryRegions: string[];
  /** The most bytes one memory read copies (MEMORY_READ_CAP). */
  memoryReadCap: number;
  /** The most targets one showBatch() call takes (FRAMES_PER_CALL). */
  framesPerCall: number;
  /** The most previews one show() call runs (PREVIEWS_PER_CALL). */
  previewsPerCall: number;
};

/** Points the NVCV/CV-CUDA loader at a folder or file before the first load. */
export declare function setLibraryPath(path: string | null): void;

/** One comparison of a declared NVCV constant or struct field with what the loaded library does. */
export interface AbiCheck {
  name: string;
  expected: string;
  actual: string;
  ok: boolean;
}

/** Checks every NVCV constant and struct layout the addon declares against the loaded library. */
export declare function nvcvAbiCheck(): { loaded: boolean; checks: AbiCheck[] };

/** NVCV images and tensors of all sessions not yet destroyed (counted by NVCV's cleanup callbacks). */
export declare function nvcvLiveHandles(): number;

/** Same frames through two decoders (NVDEC by default, against the software decoder), compared plane by plane on
 * decoded sample values on a worker thread; rejects INVALID_ARGUMENT, FRAME_OUT_OF_RANGE, DECODER_COMPARE_UNAVAILABLE
 * (NVDEC asked for and not usable), CANCELLED, and the errors of opening the file. */
export declare function compareDecoders(path: string, options?: CompareDecodersOptions): Promise<DecoderCompareResult>;
