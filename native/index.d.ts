/** The typed surface of the native addon (zerocopy_inspector.node). */
import type { EnvironmentReport } from '../electron/common/environment';
import type { ErrorCode } from '../electron/common/errors';
import type { FrameReport, StreamInfo } from '../electron/common/report';

/** How the decoder is chosen; 'auto' prefers NVDEC, then software + upload, then software. */
export type DecodeMode = 'auto' | 'nvdec' | 'software' | 'software-upload';

/** Options of Session.open; every field is optional. */
export interface OpenOptions {
  decode?: DecodeMode;
  /** CUDA device ordinal. */
  device?: number;
  /** Frames the inspector may hold at once; reserved in the decoder's surface pool. */
  holdFrames?: number;
  /** 'runtime-first' initialises the CUDA runtime before the decoder (a test of the shared context). */
  initOrder?: 'decoder-first' | 'runtime-first';
  /** 'private' lets FFmpeg create its own context, to show what a mismatch looks like. */
  context?: 'shared' | 'private';
}

/** Options of a frame request. */
export interface FrameOptions {
  /** Run the aliasing proof (a canary write and read-back); default true. */
  proof?: boolean;
}

/** A small 8-bit grey picture of one plane, made by the addon; only these bytes leave native memory. */
export interface PlaneThumbnail {
  plane: number;
  name: string;
  width: number;
  height: number;
  data: Uint8Array;
}

/** An open video: a decoder plus the frames the inspector holds. */
export declare class Session {
  private constructor();
  /** Opens a file; rejects with InspectorError. */
  static open(path: string, options?: OpenOptions): Promise<Session>;
  /** Stream facts, fixed once open. */
  readonly info: StreamInfo;
  /** True once close() ran. */
  readonly closed: boolean;
  /** Decodes, wraps and reports the frame at a display index (frame-accurate). */
  frame(index: number, options?: FrameOptions): Promise<FrameReport>;
  /** The frame at or just after a time in seconds. */
  frameAtTime(seconds: number, options?: FrameOptions): Promise<FrameReport>;
  /** Thumbnails of each plane of the current frame, at most maxWidth wide. */
  thumbnails(maxWidth: number): Promise<PlaneThumbnail[]>;
  /** Live NVCV image handles created by this session and not yet released. */
  liveHandles(): number;
  /** Releases the decoder, frames and NVCV handles; idempotent. */
  close(): void;
}

/** Error thrown by the addon, with a stable code and a remedy. */
export declare class InspectorError extends Error {
  readonly code: ErrorCode;
  readonly remedy: string;
}

/** Probes FFmpeg, CUDA, NVCV and CV-CUDA; cheap and synchronous. */
export declare function environment(): EnvironmentReport;

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
