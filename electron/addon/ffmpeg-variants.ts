/** Which FFmpeg variants of the addon this installation has (native/index.cjs loads one per process). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FFMPEG_CHOICE_ENV, FfmpegChoice } from '../../contract/ffmpeg-choice';
// The list itself, not contract/ffmpeg-choice.ts's schema: the command line's first module loads this one without zod.
import FFMPEG_VARIANTS from '../../contract/ffmpeg-variants.json' with { type: 'json' };

/** Where each variant's binary lies, relative to the app (in a packaged app, under app.asar.unpacked). */
const VARIANT_BINARIES = Object.fromEntries(
  Object.entries(FFMPEG_VARIANTS).map(([choice, { folder }]) => [
    choice,
    path.join('native', folder, 'Release', 'zerocopy_inspector.node'),
  ]),
) as Record<FfmpegChoice, string>;

/** The choices whose binary is here; the system's always (its absence is reported when the addon loads). */
export function availableFfmpeg(appRoot: string): FfmpegChoice[] {
  const here = (file: string): boolean =>
    existsSync(path.join(appRoot, file)) ||
    existsSync(path.join(appRoot.replace('app.asar', 'app.asar.unpacked'), file));
  return (Object.keys(VARIANT_BINARIES) as FfmpegChoice[]).filter(
    (choice) => choice === 'system' || here(VARIANT_BINARIES[choice]),
  );
}

/**
 * The variable the addon's loader reads its FFmpeg from: contract/ffmpeg-choice.ts's, held here by its type so that
 * the command line's first module can set it without loading zod (which the contract's schema needs).
 */
export const FFMPEG_VARIANT_ENV: typeof FFMPEG_CHOICE_ENV = 'ZCI_FFMPEG';

/** VALUE when it names an FFmpeg variant (FFMPEG_CHOICES, which VARIANT_BINARIES's keys are by type), else null. */
export function ffmpegVariantNamed(value: string | undefined): FfmpegChoice | null {
  return (Object.keys(VARIANT_BINARIES) as FfmpegChoice[]).find((choice) => choice === value) ?? null;
}
