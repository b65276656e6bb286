/**
 * Which FFmpeg the inspector decodes with: the system's (the addon built against the machine's FFmpeg), or one shipped
 * beside the app with the addon variant built against it: FFmpeg 7.1 or 9.0 as released, or either with the
 * odd-height NVDEC fix of docs/upstream applied ('7.1-patched', '9.0-patched'). The choice is made when a process
 * loads the addon (native/index.cjs reads FFMPEG_CHOICE_ENV), so changing it means a new backend process.
 */
import { z } from 'zod';

export const FFMPEG_CHOICES = ['system', '7.1', '9.0', '7.1-patched', '9.0-patched'] as const;

/** One of FFMPEG_CHOICES. */
export type FfmpegChoice = (typeof FFMPEG_CHOICES)[number];

export const ffmpegChoiceSchema = z.enum(FFMPEG_CHOICES);

/** The environment variable the addon's loader reads. */
export const FFMPEG_CHOICE_ENV = 'ZCI_FFMPEG';
