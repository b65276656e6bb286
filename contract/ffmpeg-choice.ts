/**
 * Which FFmpeg the inspector decodes with: the system's (the addon built against the machine's FFmpeg), or one shipped
 * beside the app with the addon variant built against it: FFmpeg 7.1 or 9.0 as released, or either with the
 * odd-height NVDEC fix of docs/upstream applied ('7.1-patched', '9.0-patched'). The choice is made when a process
 * loads the addon (native/index.cjs reads FFMPEG_CHOICE_ENV), so changing it means a new backend process.
 */
import { z } from 'zod';
import FFMPEG_VARIANTS from './ffmpeg-variants.json' with { type: 'json' };

/** One of FFMPEG_CHOICES. ffmpeg-variants.json is the one list, each choice with its folder under native/ (holding
 * Release/zerocopy_inspector.node) and the command that builds it: the addon's loader (native/index.cjs) reads it,
 * and so do these types, the command line, serve mode and the settings. */
export type FfmpegChoice = keyof typeof FFMPEG_VARIANTS;

/** Every FFmpeg choice, in ffmpeg-variants.json's order: the system's first. */
export const FFMPEG_CHOICES = Object.keys(FFMPEG_VARIANTS) as [FfmpegChoice, ...FfmpegChoice[]];

export const ffmpegChoiceSchema = z.enum(FFMPEG_CHOICES);

/** The environment variable the addon's loader reads. */
export const FFMPEG_CHOICE_ENV = 'ZCI_FFMPEG';
