/**
 * Same frame, two decoders: the result of comparing frames decoded by NVDEC (or the software decoder, where there is
 * no GPU) against FFmpeg's software decoder on decoded sample values, plane by plane, and the inspector's RGB
 * conversion against swscale's. Produced by the addon's compareDecoders(); printed by `inspect --compare-decoders`.
 */
import { z } from 'zod';

/** The decoders a comparison can put on side A (side B is always the software decoder). */
export const COMPARE_DECODERS_A = ['nvdec', 'software', 'software-upload', 'cuvid'] as const;

/** A decoder on side A. */
export type CompareDecoderA = (typeof COMPARE_DECODERS_A)[number];

/** The largest heat map, in cells across and down. */
const HEAT_MAP_MAX = { width: 64, height: 36 } as const;

const count = z.int().min(0);

/** Where two planes first differ, and both values there. */
const firstDifferenceSchema = z.object({
  x: count,
  y: count,
  valueA: count,
  valueB: count,
});

/** One logical plane (Y, U or V) compared. */
const planeCompareSchema = z.object({
  plane: z.enum(['Y', 'U', 'V']),
  width: z.int().min(1),
  height: z.int().min(1),
  identical: z.boolean(),
  differing: count,
  maxAbsDiff: count,
  /** Some stored words differ even where the values agree (P010 against yuv420p10le: every non-zero sample). */
  rawWordsDiffer: z.boolean(),
  firstDifference: firstDifferenceSchema.nullable(),
  /** Counts of differing samples per cell, row by row: width × height of them. */
  heatMap: z
    .object({
      width: z.int().min(1).max(HEAT_MAP_MAX.width),
      height: z.int().min(1).max(HEAT_MAP_MAX.height),
      counts: z.array(count),
    })
    .refine((h) => h.counts.length === h.width * h.height, 'counts must hold width × height cells'),
});

/** One side of the RGB line: who converted, with which matrix and range. */
const rgbSideSchema = z.object({
  converter: z.string(),
  matrix: z.enum(['BT.601', 'BT.709', 'BT.2020']),
  range: z.enum(['limited', 'full']),
});

/** The inspector's conversion of frame A against swscale's of frame B, byte by byte. */
const rgbCompareSchema = z.object({
  a: rgbSideSchema,
  b: rgbSideSchema,
  width: z.int().min(1),
  height: z.int().min(1),
  identical: z.boolean(),
  differing: count,
  maxAbsDiff: count,
  firstDifference: firstDifferenceSchema.extend({ channel: z.enum(['R', 'G', 'B']) }).nullable(),
  /** When A's RGB is further from B's than the converters' rounding (2): the other matrices and ranges tried for A,
   *  and the first that brings it within, e.g. "RGB within 2 of B's when A is converted as BT.709 limited range, not
   *  as BT.601 limited range as A's frame says: a range or matrix assumption" (null when none does). */
  explanationsTried: z.array(z.string()),
  cause: z.string().nullable(),
});

/** One frame compared. */
const frameCompareSchema = z.object({
  index: count,
  formatA: z.string(),
  formatB: z.string(),
  /** How the packing was normalised, e.g. "p010le >> 6 vs yuv420p10le; UV deinterleaved". */
  normalisation: z.string(),
  bitDepth: z.int().min(1).max(16),
  comparedArea: z.string(),
  codedRowsCompared: z.boolean(),
  identical: z.boolean(),
  rawWordsDiffer: z.boolean(),
  bitExactRequired: z.boolean(),
  /** The difference explanations are judged within: 0 for a bit-exact codec; for one whose decoders may differ
   *  (MPEG-2, MPEG-4 Part 2, VC-1), their allowed spread, so that a shifted reading can still be named. */
  tolerance: count,
  matched: z.boolean(),
  /** When the planes differ: the explanations tried on the device (or host) before reporting, and the first under
   *  which every differing plane is identical (null when none is), e.g. "V identical when read 1 row after FFmpeg's
   *  pointer: a plane-offset mistake". */
  explanationsTried: z.array(z.string()),
  cause: z.string().nullable(),
  where: z.enum(['device', 'host']),
  compareMs: z.number().min(0),
  bytesUploaded: count,
  bytesDownloaded: count,
  planes: z.array(planeCompareSchema).length(3),
  rgb: rgbCompareSchema.nullable(),
});

/** Everything a comparison returns. */
export const decoderCompareResultSchema = z.object({
  path: z.string(),
  codec: z.string(),
  profile: z.string(),
  decoderA: z.enum(COMPARE_DECODERS_A),
  decoderB: z.literal('software'),
  decoderAReason: z.string(),
  bitExactCodec: z.boolean(),
  bitExactReason: z.string(),
  allIdentical: z.boolean(),
  /** A codec whose standard requires bit-exact output decoded differently. */
  bitExactMismatch: z.boolean(),
  totalMs: z.number().min(0),
  /** The planted sample (a test hook), in the first frame compared only. */
  plant: z
    .object({
      frame: count,
      plane: z.enum(['Y', 'U', 'V']),
      x: count,
      y: count,
      value: count,
      original: count,
      how: z.string(),
    })
    .nullable(),
  frames: z.array(frameCompareSchema).min(1),
});

/** What compareDecoders() resolves to. */
export type DecoderCompareResult = z.infer<typeof decoderCompareResultSchema>;

/** A test hook: one sample of frame A (the first frame compared) set before the comparison and restored after
 * (plane 0 Y, 1 U, 2 V). */
export interface ComparePlant {
  plane: 0 | 1 | 2;
  x: number;
  y: number;
  value: number;
}

/** The environment variable of the planted-sample test hook ("plane,x,y,value"), read by the command line and the
 * backend so that a test can show a difference where two decoders agree. */
export const PLANT_HOOK_ENV = 'ZCI_TEST_HOOK_PLANT';

/** The planted sample a hook's text asks for, or null when unset; throws Error saying what is wrong with it. */
export function parsePlantHook(text: string | undefined): ComparePlant | null {
  if (text === undefined || text === '') return null;
  const parts = text.split(',').map(Number);
  const [plane, x, y, value] = parts;
  if (
    parts.length !== 4 ||
    !parts.every((n) => Number.isInteger(n) && n >= 0) ||
    (plane !== 0 && plane !== 1 && plane !== 2) ||
    x === undefined ||
    y === undefined ||
    value === undefined
  )
    throw new Error(`${PLANT_HOOK_ENV} must be "plane,x,y,value" with plane 0, 1 or 2, not "${text}"`);
  return { plane, x, y, value };
}

/** Options of compareDecoders(). */
export interface CompareDecodersOptions {
  /** Display indices (1 to 10000); absent: every frame. */
  frames?: number[];
  /** Side A's decoder (default 'nvdec'); 'software' runs without a GPU. */
  decoderA?: CompareDecoderA;
  /** Side B's decoder: only 'software'. */
  decoderB?: 'software';
  device?: number;
  /** Also compare the RGB conversions (default true). */
  rgb?: boolean;
  /** 'host' downloads frame A and compares on the CPU even where it is in device memory (default 'auto'). */
  where?: 'auto' | 'host';
  plant?: ComparePlant;
  signal?: AbortSignal;
}
