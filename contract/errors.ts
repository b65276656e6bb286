/**
 * Stable error codes shared by the native addon, the backend, the RPC and the renderer, each with what a user
 * can do about it. The addon throws the same codes from its own C++ table.
 */
import { MEMORY_READ_CAP } from './memory';

/** The codes the native addon throws (its own C++ table holds the same list, in this order). */
export const ADDON_ERROR_CODES = [
  'FILE_NOT_FOUND',
  'FILE_UNREADABLE',
  'EMPTY_FILE',
  'TRUNCATED_FILE',
  'NOT_A_VIDEO',
  'NO_VIDEO_STREAM',
  'UNSUPPORTED_CODEC',
  'DECODE_FAILED',
  'FRAME_OUT_OF_RANGE',
  'NVCV_NOT_FOUND',
  'NVCV_ERROR',
  'CVCUDA_NOT_FOUND',
  'OPERATOR_UNSUPPORTED',
  'NO_CUDA_DEVICE',
  'CUDA_ERROR',
  'NVDEC_UNAVAILABLE',
  'CAPTURE_INVALID',
  'CAPTURE_TOO_NEW',
  'CAPTURE_FRAME_MISSING',
  'INVALID_ARGUMENT',
  'CLOSED',
  'BUSY',
  'INTERNAL',
  'MEDIA_TOO_LARGE',
  'DEADLINE_EXCEEDED',
  'CANCELLED',
  'NOT_A_REGULAR_FILE',
  'PATH_OUTSIDE_ROOT',
  'PATH_NOT_UTF8',
  'MEMORY_RANGE_OUTSIDE_ALLOCATION',
  'MEMORY_READ_TOO_LARGE',
  'MEMORY_ALLOCATION_UNKNOWN',
  'SUPERSEDED',
  'DECODER_COMPARE_UNAVAILABLE',
  'PEER_ACCESS_UNSUPPORTED',
  'NOT_LINEAR_MEMORY',
] as const;

/** The codes only the backend and its supervisor give: they are about the process, not a file. */
const BACKEND_ERROR_CODES = [
  'MEMORY_BUDGET_EXCEEDED',
  'ANSWER_TOO_LARGE',
  'BACKEND_RESTARTED',
  'MEMORY_NOT_CAPTURED',
  'SOURCE_TOO_LARGE_TO_HASH',
  'SOURCE_CHANGED_WHILE_HASHED',
] as const;

/** Every code a user can see. */
export const ERROR_CODES = [...ADDON_ERROR_CODES, ...BACKEND_ERROR_CODES] as const;

/** One of ERROR_CODES. */
export type ErrorCode = (typeof ERROR_CODES)[number];

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
  MEDIA_TOO_LARGE:
    'The file asks for more than the inspector allows; raise the named budget in settings if you trust it.',
  DEADLINE_EXCEEDED: 'Reading the file took longer than allowed; it may be damaged, or on a slow disk. Try again.',
  CANCELLED: 'The work was cancelled; start it again when you want it.',
  NOT_A_REGULAR_FILE: 'Name a regular file: pipes, devices and sockets cannot be inspected.',
  PATH_OUTSIDE_ROOT: 'Pick a file inside the folders this inspector may reach (serve mode: its --root).',
  PATH_NOT_UTF8: 'Rename the file to a UTF-8 name, or make a link with one (ln -s) and open the link.',
  MEMORY_RANGE_OUTSIDE_ALLOCATION:
    "Ask for a range that ends inside the frame's allocation; its size is in the frame report and in the message.",
  MEMORY_READ_TOO_LARGE: `Ask for fewer rows or fewer bytes per row: one read copies at most ${MEMORY_READ_CAP / 1_048_576} MiB (${MEMORY_READ_CAP} bytes).`,
  MEMORY_ALLOCATION_UNKNOWN:
    "The frame's memory cannot be located (a replayed capture holds none, or the CUDA driver refused the pointer); open the original video, or reopen the file.",
  SUPERSEDED: 'None needed: a newer frame request from the same window took its place, and it is answered instead.',
  MEMORY_BUDGET_EXCEEDED:
    "Close files or captures in other windows, or ask for less; whoever starts the app can raise the backend's memory budget (serve mode: --memory-budget).",
  ANSWER_TOO_LARGE: 'Ask for less in one call (fewer frames, or one operator at a time); the message names the cap.',
  BACKEND_RESTARTED:
    'The decoder process stopped while this request ran and was restarted; send the request again (the file is reopened).',
  MEMORY_NOT_CAPTURED:
    'A capture holds the bytes of the rows it was saved with; capture this frame again from the video, or open the video.',
  SOURCE_TOO_LARGE_TO_HASH:
    'The file is compared by its path instead; to compare it by its bytes, save a capture of it (a capture records its SHA-256) or cut a shorter clip.',
  SOURCE_CHANGED_WHILE_HASHED:
    'The file changed on disk after it was opened; reopen it once it is written, and it is hashed again.',
  DECODER_COMPARE_UNAVAILABLE:
    "Compare on a machine with an NVIDIA GPU whose FFmpeg has NVDEC, or compare the software decoder against itself (decoders 'software,software').",
  PEER_ACCESS_UNSUPPORTED:
    'Turn peer access off: operators on another device then read a copy of the frame made on their own device.',
  NOT_LINEAR_MEMORY:
    "This FFmpeg hands out frames whose planes are handles (CUDA arrays, FFmpeg's cuarray format), not device addresses: decode into AV_PIX_FMT_CUDA frames (the ffmpeg tool's -hwaccel cuda -hwaccel_output_format cuda), or decode in software.",
};

/** True when a value is one of the known error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
