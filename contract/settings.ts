/** User settings that persist between runs, shared by the backend and the renderer. */
import { z } from 'zod';
import { ffmpegChoiceSchema } from './ffmpeg-choice';
import { decodeModeSchema, deviceSchema, thumbnailWidthSchema } from './vocabulary';

/** Colour theme of the window. */
const themeSchema = z.enum(['dark', 'light']);

/**
 * Every setting with its bounds. The budgets (memory, the pixel budget, held frames) are not settings: only whoever
 * starts the app sets them (common/budgets.ts), so no client can raise them for every later user.
 */
export const settingsSchema = z
  .object({
    theme: themeSchema,
    decode: decodeModeSchema,
    device: deviceSchema,
    /** The device operator previews run on; null: the decoder's own. Applies to the next file opened. */
    operatorDevice: deviceSchema.nullable(),
    /** With operators on another device: they read the frame through peer access instead of a copy on their
     * device. Applies to the next file opened. */
    peerAccess: z.boolean(),
    proof: z.boolean(),
    thumbnailWidth: thumbnailWidthSchema,
    libraryPath: z.string().max(4096).nullable(),
    /** The copy ledger: CUPTI's record of every copy a frame step asks the GPU to do (tracing costs time: off unless
     * asked). Applies to the file open and the next. */
    ledger: z.boolean(),
    /** Which FFmpeg the backend decodes with: the system's or the FFmpeg 7.1 shipped with the app. Read when the
     * backend starts (it loads the addon variant once); a restart of the app or of serve mode applies a change.
     * Whoever starts the backend can fix it instead (serve mode's --ffmpeg, ZCI_FFMPEG). */
    ffmpeg: ffmpegChoiceSchema,
    /** AV_HWACCEL_FLAG_UNSAFE_OUTPUT on FFmpeg 6.0 and later: NVDEC frames are the decoder's surfaces, not FFmpeg's
     * copies. Applies to the next file opened. */
    unsafeOutput: z.boolean(),
  })
  .strict();

/** The persisted settings. */
export type Settings = z.infer<typeof settingsSchema>;

/**
 * A change to some settings over the RPC. The library path is not among them: a path that is later dlopen'ed is
 * code, so only the desktop app's main process sets it, from a folder the user chose in its own dialog.
 */
export const settingsPatchSchema = settingsSchema.omit({ libraryPath: true }).partial().strict();

/** Some settings to change. */
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * A change one client may make for itself: in serve mode each client's choices stay with its own session, over the
 * defaults whoever started the server set. The FFmpeg is not among them: the backend loads it once, for every client.
 */
export const clientSettingsPatchSchema = settingsPatchSchema.omit({ ffmpeg: true }).strict();

/** Settings one client chose for itself. */
export type ClientSettingsPatch = z.infer<typeof clientSettingsPatchSchema>;

/** What a first run starts with. */
export const DEFAULT_SETTINGS: Settings = {
  theme: 'dark',
  decode: 'auto',
  device: 0,
  operatorDevice: null,
  peerAccess: false,
  proof: true,
  thumbnailWidth: 240,
  libraryPath: null,
  ledger: false,
  ffmpeg: 'system',
  unsafeOutput: false,
};

/** Keys earlier versions kept in settings.json; read files drop them (the budgets no longer live there). */
export const RETIRED_SETTINGS = ['maxPixels', 'holdFrames'] as const;
