/**
 * The decoder A/B on a sample of a scanned file's frames: the file's own decoder (NVDEC, cuvid, software + upload)
 * against FFmpeg's software decoder, frame 0 and every N-th frame, at most MAX_COMPARED_FRAMES. What the A/B finds
 * becomes the file's findings in words without frame numbers, so that one cause groups across files: a named mistake
 * ("U identical when read 1 row after FFmpeg's pointer: a plane-offset mistake"), or samples that differ where the
 * codec requires them not to, with no explanation found.
 */
import { withinTolerance } from '../../contract/compare-summary';
import type { DecoderCompareResult } from '../../contract/decoder-compare';
import { toRpcError } from '../../contract/envelope';
import type { ScanFinding } from '../../contract/scan';
import type { DecodePath } from '../../contract/vocabulary';
import type { AddonModule } from '../addon/native';
import { groupFinding } from './scan-causes';

/** The most frames of one file the scan compares: each opens the file twice more and decodes up to its frame. */
export const MAX_COMPARED_FRAMES = 8;

/** The frames compared: 0 and every every-th after it, below frames, at most MAX_COMPARED_FRAMES. */
export function comparedFrames(frames: number, every: number): number[] {
  const out: number[] = [];
  for (let index = 0; every > 0 && index < frames && out.length < MAX_COMPARED_FRAMES; index += every) out.push(index);
  return out;
}

/** The findings of one comparison, one per cause, counting the frames each was seen in. */
export function compareFindings(result: DecoderCompareResult): ScanFinding[] {
  const byCause = new Map<string, ScanFinding>();
  for (const frame of result.frames) {
    if (frame.identical || (frame.cause === null && withinTolerance(frame))) continue;
    const cause =
      frame.cause !== null
        ? `the decoder A/B: ${frame.cause}`
        : frame.bitExactRequired
          ? `the decoder A/B: ${result.decoderA} decoded differently from software decoding where ${result.codec} requires the same samples, and no explanation makes them identical`
          : `the decoder A/B: ${result.decoderA} differs from software decoding beyond ${result.codec}'s tolerance (${frame.tolerance}), and no explanation brings it within`;
    groupFinding(
      byCause,
      'compare',
      cause,
      frame.index,
      () =>
        `${frame.formatA} vs ${frame.formatB}; ${frame.planes
          .filter((p) => !p.identical)
          .map((p) => `${p.plane} ${p.differing} differ, max ${p.maxAbsDiff}`)
          .join(', ')}`,
    );
  }
  return [...byCause.values()];
}

/** Compares the sampled frames of a file; a comparison that cannot run is a finding of its own, never a throw. */
export async function compareSampled(
  addon: AddonModule,
  file: string,
  decodePath: DecodePath,
  frames: number,
  options: { compareEvery: number; device: number | null },
): Promise<ScanFinding[]> {
  const sampled = comparedFrames(frames, options.compareEvery);
  if (sampled.length === 0) return [];
  try {
    const result = await addon.compareDecoders(file, {
      frames: sampled,
      decoderA: decodePath,
      rgb: false,
      ...(options.device !== null ? { device: options.device } : {}),
    });
    return compareFindings(result);
  } catch (error) {
    const envelope = toRpcError(error);
    return [
      {
        check: 'compare',
        cause: `the decoder A/B could not run: ${envelope.code}`,
        frames: 0,
        firstFrame: null,
        detail: envelope.message,
      },
    ];
  }
}
