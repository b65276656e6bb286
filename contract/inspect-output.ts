/** The command line's JSON output (`inspect --json`), with the same report schemas a capture is validated with. */
import { z } from 'zod';
import { madeFromSchema, signatureStateSchema } from './capture';
import { CHECK_NAMES, type CheckName } from './checks';
import { decoderCompareResultSchema } from './decoder-compare';
import { ERROR_CODES } from './errors';
import { environmentReportSchema } from './environment';
import { frameReportSchema, streamInfoSchema } from './report';

/** The exit codes of the command line. */
export const EXIT_CODES = {
  ok: 0,
  checkFailed: 1,
  usage: 2,
  cannotOpen: 3,
  /** --compare-decoders could not compare: a decoder of the pair cannot decode the file here (no GPU, no NVDEC). */
  compareUnavailable: 4,
} as const;

/** One check's outcome. */
const checkResultSchema = z.object({
  name: z.enum(CHECK_NAMES as [CheckName, ...CheckName[]]),
  ok: z.boolean().nullable(),
  detail: z.string(),
  descriptorOnly: z.boolean().optional(),
});

/**
 * A recorder capture's frame's stream at hand-over, as its recorded facts say (contract/capture-summary.ts reads
 * them): whether the decode's work on the stream the user named had finished when the frame was handed over.
 */
const handOverSchema = z.object({
  handle: z.string().max(32).nullable(),
  method: z.enum(['cuStreamQuery', 'cuEventQuery']).nullable(),
  state: z.enum(['complete', 'pending', 'not-named']),
});

/** One inspected frame: its report, or the error that stopped it, and its checks. */
export const inspectedFrameSchema = z.object({
  index: z.int().min(0),
  report: frameReportSchema.nullable(),
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), remedy: z.string() }).nullable(),
  checks: z.array(checkResultSchema),
  /** Recorder captures only: the frame's stream at hand-over; a pending one fails the frame with --strict. */
  handOver: handOverSchema.optional(),
  ok: z.boolean(),
});

/** What `inspect --json` prints before its frames: the tool, the input, the stream and the environment. */
export const inspectHeadSchema = z.object({
  tool: z.object({ name: z.string(), version: z.string() }),
  input: z.object({
    kind: z.enum(['video', 'capture']),
    path: z.string(),
    capture: z
      .object({
        createdAt: z.string(),
        hostname: z.string(),
        gpu: z.string(),
        /** Every device of the capture's machine with its identity and role (captureDeviceLines). */
        devices: z.array(z.string()),
        signature: z.object({
          state: signatureStateSchema,
          fingerprint: z.string().nullable(),
          thisInstallation: z.boolean(),
          detail: z.string(),
          madeFrom: madeFromSchema.nullable(),
        }),
      })
      .nullable(),
  }),
  strict: z.boolean(),
  stream: streamInfoSchema,
  environment: environmentReportSchema.nullable(),
});

/** What `inspect --json` prints after its frames. */
export const inspectSummarySchema = z.object({
  frames: z.int().min(0),
  failed: z.int().min(0),
  unchecked: z.int().min(0),
  ok: z.boolean(),
  /**
   * Why the capture's signature failed the run (tampered always; with --strict also unsigned, signed by another
   * installation, or re-saved from such a capture); null when it did not, and for videos.
   */
  provenance: z.string().nullable(),
  exitCode: z.union([z.literal(EXIT_CODES.ok), z.literal(EXIT_CODES.checkFailed)]),
});

/** Everything `inspect --json` prints: the head, the frames, the summary, in that order. */
export const inspectOutputSchema = z.object({
  ...inspectHeadSchema.shape,
  frames: z.array(inspectedFrameSchema),
  summary: inspectSummarySchema,
});

/** What `inspect --json` prints before its frames. */
export type InspectHead = z.infer<typeof inspectHeadSchema>;

/** What `inspect --json` prints after its frames. */
export type InspectSummary = z.infer<typeof inspectSummarySchema>;

/** What `inspect --json` prints. */
export type InspectOutput = z.infer<typeof inspectOutputSchema>;

/** One inspected frame. */
export type InspectedFrame = z.infer<typeof inspectedFrameSchema>;

/** Everything `inspect --compare-decoders --json` prints: the comparison as the addon returned it, and its verdict. */
export const compareOutputSchema = z.object({
  tool: z.object({ name: z.string(), version: z.string() }),
  input: z.object({ kind: z.literal('video'), path: z.string() }),
  compare: decoderCompareResultSchema,
  summary: z.object({
    frames: z.int().min(1),
    identical: z.int().min(0),
    differing: z.int().min(0),
    /** Frames whose RGB conversions differ by more than the converters' rounding (a wrong matrix or range). */
    rgbDiffering: z.int().min(0),
    rgbMaxAbsDiff: z.int().min(0),
    /** Frames whose differences a mistake explains: a fault even where the codec is not bit-exact. */
    explained: z.int().min(0),
    bitExactMismatch: z.boolean(),
    exitCode: z.union([z.literal(EXIT_CODES.ok), z.literal(EXIT_CODES.checkFailed)]),
  }),
});

/** What `inspect --compare-decoders --json` prints. */
export type CompareOutput = z.infer<typeof compareOutputSchema>;
