/** Stable error codes shared by the native addon, the backend, the RPC and the renderer. */

/** Every code a user can see. */
export const ERROR_CODES = [
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
] as const;

/** One of ERROR_CODES. */
export type ErrorCode = (typeof ERROR_CODES)[number];
