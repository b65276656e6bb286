/**
 * What a client has open: a live video (the addon's Session behind electron/backend/live-source.ts) or a replayed
 * capture (capture-session.ts). Both answer the one frame call and everything the handlers ask of an open file; each
 * refuses what it cannot do with its own typed error (an RpcFailure with a stable code and a remedy), so no handler
 * asks which one it holds.
 */
import type { ShowOptions, ShowResult, ShowTarget } from '../addon/native';
import type { CaptureSelection } from '../../contract/capture';
import type { CapturedOperatorWire } from '../../contract/contract';
import type { CompareDecoderA } from '../../contract/decoder-compare';
import type { MemoryRead, ReadMemoryParams } from '../../contract/memory';
import type { StreamInfo } from '../../contract/report';
import type { CaptureMeta, CaptureSource } from './collect';

/** The file two decoders can compare a frame of, and the decoder on side A. */
export interface DecoderComparison {
  file: string;
  decoderA: CompareDecoderA;
}

/** The captured operator previews of one frame: their size on the wire, known before any picture is read, and
 * the previews themselves. */
export interface CapturedOperators {
  bytes: number;
  read(): CapturedOperatorWire[];
}

/** An open file, live or replayed. */
export interface FrameSource {
  readonly info: StreamInfo;
  /** What its frames are called in messages: 'frame', or 'captured frame'. */
  readonly frameNoun: string;
  /** True once close() ran. */
  readonly closed: boolean;
  /** The one frame call (native/index.d.ts Session.show). */
  show(target: ShowTarget, options?: ShowOptions): Promise<ShowResult>;
  /** Switches the copy ledger; absent where no ledger records (a replay). */
  setLedger?(on: boolean): boolean;
  /** A bounded range of frame index's memory: a video decodes the frame when it is not the one held and reads it;
   * a capture answers from the bytes it kept (MEMORY_NOT_CAPTURED for rows it lacks). */
  readFrameMemory(
    range: ReadMemoryParams['range'],
    options: { index: number; signal: AbortSignal },
  ): Promise<MemoryRead>;
  /** The operator previews a frame was captured with: a capture's; a video has none. */
  capturedOperators(index: number): CapturedOperators;
  /** What decoders compare: a video's file and decoder; a capture refuses (OPERATOR_UNSUPPORTED: it holds reports
   * and thumbnails, not decoded frames). */
  decoderComparison(): DecoderComparison;
  /** What a capture of this file records besides its frames: a video's, made by live; a capture's own (refused when
   * it was changed after it was signed). */
  captureMeta(selection: CaptureSelection, live: () => Promise<CaptureMeta>): Promise<CaptureMeta>;
  /** What a capture of it is gathered from. */
  captureSource(): CaptureSource;
  close(options?: { background?: boolean }): void;
}
