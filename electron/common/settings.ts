/** User settings that persist between runs, shared by the backend and the renderer. */
import { z } from 'zod';
import {
  decodeModeSchema,
  deviceSchema,
  holdFramesSchema,
  PIXEL_BUDGET,
  pixelBudgetSchema,
  thumbnailWidthSchema,
} from './vocabulary';

/** Colour theme of the window. */
const themeSchema = z.enum(['dark', 'light']);

/** Every setting with its bounds. */
export const settingsSchema = z
  .object({
    theme: themeSchema,
    decode: decodeModeSchema,
    device: deviceSchema,
    holdFrames: holdFramesSchema,
    proof: z.boolean(),
    thumbnailWidth: thumbnailWidthSchema,
    libraryPath: z.string().max(4096).nullable(),
    /** The largest coded picture, in pixels, a file may have before opening it is refused. */
    maxPixels: pixelBudgetSchema,
    /** The copy ledger: CUPTI's record of every copy a frame step asks the GPU to do (tracing costs time: off unless
     * asked). Applies to the file open and the next. */
    ledger: z.boolean(),
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

/** What a first run starts with. */
export const DEFAULT_SETTINGS: Settings = {
  theme: 'dark',
  decode: 'auto',
  device: 0,
  holdFrames: 2,
  proof: true,
  thumbnailWidth: 240,
  libraryPath: null,
  maxPixels: PIXEL_BUDGET.default,
  ledger: false,
};
