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

/** FFmpeg, CUDA, NVCV and CV-CUDA as the addon found them: everything the decoder panel shows about the machine. */
export const environmentReportSchema = z.object({
  addonVersion: z.string(),
  ffmpeg: z.object({
    libavcodec: z.string(),
    libavformat: z.string(),
    libavutil: z.string(),
    libswscale: z.string(),
    cudaHwaccel: z.boolean(),
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
      }),
    ),
    error: z.string().nullable(),
  }),
  nvcv: libraryStatusSchema,
  cvcuda: libraryStatusSchema,
});

/** Everything the decoder panel shows about the machine. */
export type EnvironmentReport = z.infer<typeof environmentReportSchema>;

/** A library loaded at run time, or the reason it was not. */
export type LibraryStatus = z.infer<typeof libraryStatusSchema>;
