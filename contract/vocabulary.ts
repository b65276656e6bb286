/**
 * The names that cross the native seam, each spelled once: the zod schemas, native/index.d.ts, the command line
 * and the renderer's catalogues are built from these lists. The addon states its own copy in its C++ tables.
 */
import { z } from 'zod';

/** Where decoded frames come from: FFmpeg's NVDEC hwaccel, software, software decoding with an upload to CUDA, or
 * FFmpeg's *_cuvid decoders (its other NVDEC path, chosen only when asked for). */
export const DECODE_PATHS = ['nvdec', 'software', 'software-upload', 'cuvid'] as const;

/** One of DECODE_PATHS. */
export type DecodePath = (typeof DECODE_PATHS)[number];

/** How the decoder is chosen: 'auto' prefers NVDEC, then software + upload, then software. */
export const DECODE_MODES = ['auto', ...DECODE_PATHS] as const;

/** One of DECODE_MODES. */
export type DecodeMode = (typeof DECODE_MODES)[number];

/**
 * Which CUDA context FFmpeg decodes in: 'shared' hands FFmpeg the primary context the inspector retained,
 * 'private' lets FFmpeg create its own, 'ffmpeg-primary' asks FFmpeg for the primary context itself.
 */
export const CONTEXT_MODES = ['shared', 'private', 'ffmpeg-primary'] as const;

/** One of CONTEXT_MODES. */
export type ContextMode = (typeof CONTEXT_MODES)[number];

/** Whether the decoder or the CUDA runtime initialises first (a test of the shared context). */
export const INIT_ORDERS = ['decoder-first', 'runtime-first'] as const;

/** One of INIT_ORDERS. */
export type InitOrder = (typeof INIT_ORDERS)[number];

/**
 * Every preview operator: 'reference' (the CPU reference alone), 'convert' (the inspector's kernel), 'cvtcolor'
 * (CV-CUDA AdvCvtColor), and 'gaussian', 'flip', 'threshold' (CV-CUDA, on the converted picture).
 */
export const PREVIEW_OPS = ['reference', 'convert', 'cvtcolor', 'gaussian', 'flip', 'threshold'] as const;

/** One of PREVIEW_OPS. */
export type PreviewOp = (typeof PREVIEW_OPS)[number];

/** Colour matrices the convert kernel can be forced to ('auto': the stream's own). */
export const COLOR_MATRICES = ['auto', 'bt601', 'bt709', 'bt2020'] as const;

/** One of COLOR_MATRICES. */
export type ColorMatrix = (typeof COLOR_MATRICES)[number];

/** Colour ranges the convert kernel can be forced to ('auto': the stream's own). */
export const COLOR_RANGES = ['auto', 'limited', 'full'] as const;

/** One of COLOR_RANGES. */
export type ColorRange = (typeof COLOR_RANGES)[number];

/** The widths a plane thumbnail or a preview may be asked for, in pixels, both ends included. */
export const THUMBNAIL_WIDTH = { min: 16, max: 1024 } as const;

/** The most frames one batch call of the addon shows (Session.showBatch: the command line's whole-file loop). */
export const FRAMES_PER_CALL = 256;

/** The most operator previews one frame call of the addon runs (Session.show's previews). */
export const PREVIEWS_PER_CALL = 8;

/** The CUDA device ordinals the addon accepts, both ends included. */
export const DEVICE_ORDINAL = { min: 0, max: 63 } as const;

/** How many frames the inspector may hold at once (reserved in the decoder's surface pool), both ends included. */
export const HOLD_FRAMES = { min: 1, max: 16 } as const;

/** A decode mode, checked. */
export const decodeModeSchema = z.enum(DECODE_MODES);

/** A thumbnail width, checked against THUMBNAIL_WIDTH. */
export const thumbnailWidthSchema = z.int().min(THUMBNAIL_WIDTH.min).max(THUMBNAIL_WIDTH.max);

/** Where a frame lies against the device its operators run on: the device doctor's verdicts (contract/report.ts). */
export const PLACEMENT_VERDICTS = ['one-device', 'host-memory', 'cross-device-copy', 'cross-device-peer'] as const;

/** A CUDA device ordinal, checked against DEVICE_ORDINAL. */
export const deviceSchema = z.int().min(DEVICE_ORDINAL.min).max(DEVICE_ORDINAL.max);

/** Codes of StreamInfo.warnings: problems that did not stop a file from opening (never error codes). */
export const WARNING_CODES = ['TRUNCATED_FILE', 'DUPLICATE_TIMESTAMPS', 'ODD_TIMESCALE'] as const;

/** FFmpeg's decode-error flags of a frame (AVFrame.decode_error_flags), by the names the addon reports. */
export const DAMAGE_FLAGS = ['invalid-bitstream', 'missing-reference', 'concealment-active', 'decode-slices'] as const;

/** The pixel budget of a video, coded width × height: the addon refuses more with MEDIA_TOO_LARGE (8192×4352). */
export const PIXEL_BUDGET = { min: 4096, max: 268_435_456, default: 35_651_584 } as const;

/** FFmpeg's pixel format names as av_get_pix_fmt_name spells them ("nv12", "p010le", "yuv444p16le"). */
export const PIXEL_FORMAT_NAME = /^[a-z][a-z0-9_]{0,31}$/;

/** Plane names: the components a plane holds, in FFmpeg's order ("Y", "UV", "U", "V", "A", "G", "B", "R"). */
export const PLANE_NAME = /^[YUVRGBA]{1,4}$/;

/**
 * NVCV image format names as nvcvImageFormatGetName writes them: a predefined constant's name, or the format's
 * parts in parentheses ("NVCVImageFormat(YCbCr,BT709,4:2:0,PITCH_LINEAR,UNSIGNED,XYZ0,ASSOCIATED,X8,X8_Y8)").
 */
export const NVCV_FORMAT_NAME = /^(?:NVCV_IMAGE_FORMAT_[A-Z0-9_]{1,40}|NVCVImageFormat\([A-Za-z0-9_:,]{1,200}\))$/;

/** A pixel format name, checked against PIXEL_FORMAT_NAME. */
export const pixelFormatNameSchema = z.string().regex(PIXEL_FORMAT_NAME, "an FFmpeg pixel format name such as 'nv12'");

/** A plane name, checked against PLANE_NAME. */
export const planeNameSchema = z.string().regex(PLANE_NAME, "a plane name such as 'Y' or 'UV'");

/** An NVCV image format name, checked against NVCV_FORMAT_NAME. */
export const nvcvFormatNameSchema = z.string().regex(NVCV_FORMAT_NAME, 'an NVCV image format name');
