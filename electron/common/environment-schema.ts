/** Runtime schema of the environment report (environment.ts), for captures and the command line's JSON. */
import { z } from 'zod';
import type { EnvironmentReport } from './environment';

const libraryStatusSchema = z.object({
  loaded: z.boolean(),
  path: z.string().nullable(),
  version: z.string().nullable(),
  error: z.string().nullable(),
  searched: z.array(z.string()),
});

/** FFmpeg, CUDA, NVCV and CV-CUDA as the addon found them. */
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

/** True when the schema parses into the interface and accepts every value of it (see report-schema.ts). */
type Fits<S extends z.ZodType, T> = [z.output<S>] extends [T] ? ([T] extends [z.input<S>] ? true : false) : false;

/** Fails to type-check when the schema and environment.ts disagree: update both together. */
export const ENVIRONMENT_SCHEMA_MATCHES: Fits<typeof environmentReportSchema, EnvironmentReport> = true;
