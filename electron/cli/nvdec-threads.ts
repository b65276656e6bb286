/**
 * NVDEC frame threads on the command line: how many pictures FFmpeg's NVDEC decoder works on at once. Inspecting every
 * frame of a file goes forward once, where frame threads keep NVDEC busy as FFmpeg's own command line does; a chosen
 * list of frames seeks, and every seek flushes each thread, so it keeps the addon's default of one. One rule for the
 * command's own open and for the early open (early-open.ts), which must ask for the same open.
 */

/** --nvdec-threads' bounds: NVDEC allows 32 decode surfaces, and each thread adds one. */
export const NVDEC_THREADS = { min: 1, max: 8 } as const;

/** What `inspect FILE` over every frame decodes with, unless --nvdec-threads says otherwise. */
export const WHOLE_FILE_NVDEC_THREADS = 4;

/** The frame threads an open of COMMAND gets: ASKED (--nvdec-threads), else the whole file's for inspect without
 *  --frames, else null (the addon's default, one). */
export function nvdecThreadsFor(
  command: 'inspect' | 'capture',
  framesGiven: boolean,
  asked: number | null,
): number | null {
  if (asked !== null) return asked;
  return command === 'inspect' && !framesGiven ? WHOLE_FILE_NVDEC_THREADS : null;
}
