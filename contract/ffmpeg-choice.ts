/**
 * Which FFmpeg the inspector decodes with: the system's (the addon built against the machine's FFmpeg) or the
 * FFmpeg 7.1 shipped beside the app (the addon variant built against it). The choice is made when a process loads
 * the addon (native/index.cjs reads FFMPEG_CHOICE_ENV), so changing it means a new backend process.
 */
import { z } from 'zod';

export const FFMPEG_CHOICES = ['system', '7.1'] as const;

/** One of FFMPEG_CHOICES. */
export type FfmpegChoice = (typeof FFMPEG_CHOICES)[number];

export const ffmpegChoiceSchema = z.enum(FFMPEG_CHOICES);

/** The environment variable the addon's loader reads. */
export const FFMPEG_CHOICE_ENV = 'ZCI_FFMPEG';
