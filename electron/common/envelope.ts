/** The error envelope that crosses every process boundary: a stable code, a message and a remedy. */
import { ERROR_CODES, type ErrorCode } from './errors';

/** An error as the renderer receives it. */
export interface RpcError {
  code: ErrorCode;
  message: string;
  remedy: string;
}

/** What a user can do about each code when the thrower gave no better remedy. */
export const DEFAULT_REMEDIES: Record<ErrorCode, string> = {
  FILE_NOT_FOUND: 'Check the path: the file does not exist or was moved.',
  FILE_UNREADABLE: 'Check the file permissions, or copy the file somewhere you can read it.',
  EMPTY_FILE: 'The file is empty; pick a complete video file.',
  TRUNCATED_FILE: 'The file ends early; frames past the cut cannot be shown. Re-copy or re-encode it.',
  NOT_A_VIDEO: 'Pick a video file that FFmpeg can open (MP4, MKV, MOV, …).',
  NO_VIDEO_STREAM: 'The file has no video stream; pick a file with video.',
  UNSUPPORTED_CODEC: 'Transcode the clip to H.264 or HEVC, or install an FFmpeg build with this decoder.',
  DECODE_FAILED: 'The stream may be damaged; try another frame or re-encode the clip.',
  FRAME_OUT_OF_RANGE: 'Pick a frame between 0 and the last frame of the clip.',
  NVCV_NOT_FOUND: 'Install CV-CUDA (for example pip install cvcuda-cu12) or set the library path in settings.',
  NVCV_ERROR: 'NVCV rejected the frame; the details say which call failed.',
  CVCUDA_NOT_FOUND: 'Install CV-CUDA (for example pip install cvcuda-cu12) or set the library path in settings.',
  OPERATOR_UNSUPPORTED: 'Pick another operator for this frame; the convert preview works for every format.',
  NO_CUDA_DEVICE: 'No CUDA device is visible: check the NVIDIA driver, CUDA_VISIBLE_DEVICES and container GPU access.',
  CUDA_ERROR: 'A CUDA call failed; the decoder process can be restarted by reopening the file.',
  NVDEC_UNAVAILABLE: 'This GPU or FFmpeg build cannot decode this codec with NVDEC; software decoding is used instead.',
  CAPTURE_INVALID: 'The file is not a Zero-Copy Inspector capture, or it is damaged; save the capture again.',
  CAPTURE_TOO_NEW: 'The capture was written by a newer version of the inspector; update the app to open it.',
  CAPTURE_FRAME_MISSING: 'A capture holds only the frames it was saved with; step to a captured frame.',
  INVALID_ARGUMENT: 'The request was malformed; this is a bug in the caller.',
  CLOSED: 'Open a file first.',
  BUSY: 'Wait for the current request to finish.',
  INTERNAL: 'Something unexpected failed; reopen the file, and report the message if it persists.',
};

/** True when a value is one of the known error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Builds an envelope, filling in the default remedy for the code. */
export function rpcError(code: ErrorCode, message: string, remedy?: string): RpcError {
  return { code, message, remedy: remedy !== undefined && remedy !== '' ? remedy : DEFAULT_REMEDIES[code] };
}

/** Turns anything thrown (an InspectorError, an Error, a string) into an envelope. */
export function toRpcError(thrown: unknown): RpcError {
  if (typeof thrown === 'object' && thrown !== null) {
    const record = thrown as { code?: unknown; message?: unknown; remedy?: unknown };
    const message = typeof record.message === 'string' ? record.message : String(thrown);
    const remedy = typeof record.remedy === 'string' ? record.remedy : undefined;
    if (isErrorCode(record.code)) return rpcError(record.code, message, remedy);
    return rpcError('INTERNAL', message, remedy);
  }
  return rpcError('INTERNAL', String(thrown));
}

/** An Error subclass that carries an envelope, thrown by the backend and by the renderer's client. */
export class RpcFailure extends Error {
  /** The envelope this failure carries. */
  readonly envelope: RpcError;

  constructor(envelope: RpcError) {
    super(envelope.message);
    this.name = 'RpcFailure';
    this.envelope = envelope;
  }

  /** The stable error code. */
  get code(): ErrorCode {
    return this.envelope.code;
  }

  /** What the user can do. */
  get remedy(): string {
    return this.envelope.remedy;
  }
}
