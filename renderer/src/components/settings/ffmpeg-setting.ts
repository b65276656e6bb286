/** The words of the FFmpeg setting: each choice, and what the backend runs on now against what is chosen. */
import type { BackendEnvironment } from '../../../../contract/contract';
import type { FfmpegChoice } from '../../../../contract/ffmpeg-choice';

/** Each choice as the menu names it. */
export const FFMPEG_CHOICE_WORDS: Record<FfmpegChoice, string> = {
  system: "the system's FFmpeg",
  '7.1': 'FFmpeg 7.1, shipped with the inspector',
  '9.0': 'FFmpeg 9.0, shipped with the inspector',
  '7.1-patched': 'FFmpeg 7.1 with the odd-height NVDEC fix, shipped with the inspector',
  '9.0-patched': 'FFmpeg 9.0 with the odd-height NVDEC fix, shipped with the inspector',
};

/** What the backend loaded, and whether the chosen one waits for a restart. */
export function ffmpegLoadedWords(chosen: FfmpegChoice, ffmpeg: BackendEnvironment['ffmpeg'] | null): string {
  if (ffmpeg == null || ffmpeg.loaded === null) return 'Applies when the backend starts.';
  const now = `The backend runs on ${FFMPEG_CHOICE_WORDS[ffmpeg.loaded]}.`;
  if (!ffmpeg.available.includes(chosen)) return `${now} ${FFMPEG_CHOICE_WORDS[chosen]} is not built here.`;
  return chosen === ffmpeg.loaded
    ? now
    : `${now} ${FFMPEG_CHOICE_WORDS[chosen]} applies when it restarts (restart the app or serve mode).`;
}

/** Why serve mode's menu is read-only: the backend loads one FFmpeg for every client, chosen where serve mode starts. */
export const FFMPEG_FIXED_WORDS =
  'It is loaded once for every client of serve mode: whoever starts serve mode chooses it (--ffmpeg).';
