/**
 * What the machine offers the inspector: FFmpeg, CUDA, NVCV and CV-CUDA, with where each came from. The schema
 * is the one statement of the shape (captures and the command line's JSON are validated with it); the types
 * are inferred from it.
 */
import { z } from 'zod';

/** A library loaded at run time, or the reason it was not. */
const libraryStatusSchema = z.object({
  loaded: z.boolean(),
  path: z.string().nullable(),
  version: z.string().nullable(),
  error: z.string().nullable(),
  searched: z.array(z.string()),
});

/** The NVDEC decoder pool (native/src/nvdec_pool): whether FFmpeg's decoders come from it, and what it has done. */
const decoderPoolSchema = z.object({
  active: z.boolean(),
  path: z.string().nullable(),
  error: z.string().nullable(),
  budgetBytes: z.number().min(0),
  created: z.number().min(0),
  reused: z.number().min(0),
  live: z.number().min(0),
  parked: z.number().min(0),
  parkedBytes: z.number().min(0),
  evicted: z.number().min(0),
  capsQueries: z.number().min(0),
  capsCached: z.number().min(0),
  /** The driver's libnvcuvid as the pool bound it (absent in older captures): entry points it lacks, cuvid*
   * functions it has that the pool does not know, whether it versions its symbols, calls that reached a missing
   * entry point, and their names. */
  driverMissing: z.number().min(0).optional(),
  driverUnknown: z.number().min(0).optional(),
  driverVersioned: z.boolean().optional(),
  missingCalls: z.number().min(0).optional(),
  driverNote: z.string().max(256).optional(),
});

/** FFmpeg, CUDA, NVCV and CV-CUDA as the addon found them: everything the decoder panel shows about the machine. */
/** One row of NVDEC's capability table: the driver's answer (cuvidGetDecoderCaps) for a codec, chroma format and bit
 *  depth on this GPU. */
const nvdecCapabilitySchema = z.object({
  /** FFmpeg's codec name: h264, hevc, av1, ... */
  codec: z.string(),
  chroma: z.enum(['4:0:0', '4:2:0', '4:2:2', '4:4:4']),
  bitDepth: z.int(),
  supported: z.boolean(),
  /** NVDEC engines that can take it. */
  nvdecs: z.int(),
  maxWidth: z.int(),
  maxHeight: z.int(),
  minWidth: z.int(),
  minHeight: z.int(),
  maxMacroblocks: z.int(),
  /** The surface formats NVDEC can write for it. */
  outputFormats: z.array(z.string()),
});

/** One row of NVDEC's capability table. */
export type NvdecCapability = z.infer<typeof nvdecCapabilitySchema>;

export const environmentReportSchema = z.object({
  addonVersion: z.string(),
  ffmpeg: z.object({
    libavcodec: z.string(),
    libavformat: z.string(),
    libavutil: z.string(),
    libswscale: z.string(),
    cudaHwaccel: z.boolean(),
    /** av_version_info(): the FFmpeg release, e.g. "7.1.5-0+deb13u1" (this and the four below are absent in the
     *  environment of an older capture). */
    version: z.string().optional(),
    /** The libavcodec file the backend loaded ('' when the loader cannot say). */
    libraryPath: z.string().optional(),
    /** 'bundled': the FFmpeg 7.1 shipped beside the addon; 'system': the machine's own. */
    origin: z.enum(['bundled', 'system']).optional(),
    /** What FFmpeg's NVDEC hwaccel hands out: NVDEC's mapped surface itself (before 6.0), or FFmpeg's copy of it
     *  (6.0 and later, unless AV_HWACCEL_FLAG_UNSAFE_OUTPUT is set). */
    nvdecOutput: z.enum(['mapped-surface', 'copy']).optional(),
    /** Whether this FFmpeg has AV_HWACCEL_FLAG_UNSAFE_OUTPUT (the copy can be turned off). */
    unsafeOutputFlag: z.boolean().optional(),
  }),
  cuda: z.object({
    runtimeVersion: z.string(),
    driverVersion: z.string().nullable(),
    deviceCount: z.int().min(0),
    devices: z.array(
      z.object({
        ordinal: z.int().min(0),
        name: z.string(),
        computeCapability: z.string(),
        totalMemory: z.number(),
        pciBusId: z.string(),
        /** The device's UUID as nvidia-smi prints it (absent in captures made before it was recorded). */
        uuid: z.string().max(64).optional(),
      }),
    ),
    /** Whether a kernel on `from` can read `to`'s memory once peer access is enabled, for every ordered pair of devices
     *  (none with one device; absent in captures made before it was recorded). */
    peers: z.array(z.object({ from: z.int().min(0), to: z.int().min(0), supported: z.boolean() })).optional(),
    error: z.string().nullable(),
  }),
  nvcv: libraryStatusSchema,
  cvcuda: libraryStatusSchema,
  /** Absent in captures made before the pool existed. */
  decoderPool: decoderPoolSchema.optional(),
  /** NVDEC's capability table for device 0 (absent in older captures). */
  nvdecCaps: z
    .object({
      rows: z.array(nvdecCapabilitySchema),
      /** Why the driver was not asked (no device, no pool library), or null. */
      error: z.string().nullable(),
    })
    .optional(),
});

/** Everything the decoder panel shows about the machine. */
export type EnvironmentReport = z.infer<typeof environmentReportSchema>;

/** The NVDEC decoder pool's state. */
export type DecoderPoolStatus = z.infer<typeof decoderPoolSchema>;

/** A library loaded at run time, or the reason it was not. */
export type LibraryStatus = z.infer<typeof libraryStatusSchema>;
