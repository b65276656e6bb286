/** Decoder A/B results for component tests, each checked against the contract's schema as the addon's would be. */
import { decoderCompareResultSchema, type DecoderCompareResult } from '../../contract/decoder-compare';

type FrameCompare = DecoderCompareResult['frames'][number];
type PlaneName = 'Y' | 'U' | 'V';

/** One plane: identical, or differing in `differing` samples from (x, y) on. */
function plane(name: PlaneName, differing: number, at: { x: number; y: number } = { x: 0, y: 0 }) {
  const width = name === 'Y' ? 1920 : 960;
  const height = name === 'Y' ? 1080 : 540;
  return {
    plane: name,
    width,
    height,
    identical: differing === 0,
    differing,
    maxAbsDiff: differing === 0 ? 0 : 40,
    rawWordsDiffer: differing > 0,
    firstDifference: differing === 0 ? null : { ...at, valueA: 90, valueB: 130 },
    heatMap: { width: 2, height: 1, counts: [differing, 0] },
  };
}

/** A comparison of frame `index` of a 1080p H.264 stream: NVDEC against software, with the frame's overrides. */
export function decoderCompare(
  index: number,
  frame: Partial<FrameCompare> & { differ?: Partial<Record<PlaneName, number>> } = {},
): DecoderCompareResult {
  const { differ = {}, ...rest } = frame;
  const planes = (['Y', 'U', 'V'] as const).map((name) => plane(name, differ[name] ?? 0, { x: 12, y: 539 }));
  const identical = planes.every((p) => p.identical);
  return decoderCompareResultSchema.parse({
    path: '/videos/clip.mp4',
    codec: 'h264',
    profile: 'High',
    decoderA: 'nvdec',
    decoderB: 'software',
    decoderAReason: 'NVDEC was requested',
    bitExactCodec: true,
    bitExactReason: 'H.264 decoders must produce identical output',
    allIdentical: identical,
    bitExactMismatch: !identical,
    totalMs: 12,
    plant: null,
    frames: [
      {
        index,
        formatA: 'nv12',
        formatB: 'yuv420p',
        normalisation: 'nv12 vs yuv420p; UV deinterleaved (A)',
        bitDepth: 8,
        comparedArea: 'the displayed 1920x1080',
        codedRowsCompared: false,
        identical,
        rawWordsDiffer: !identical,
        bitExactRequired: true,
        tolerance: 0,
        matched: identical,
        explanationsTried: identical ? [] : ["U identical when read 1 row after FFmpeg's pointer", 'U and V swapped'],
        cause: null,
        where: 'device',
        compareMs: 1.5,
        bytesUploaded: 3_110_400,
        bytesDownloaded: 27_720,
        planes,
        rgb: null,
        ...rest,
      },
    ],
  });
}
