/**
 * The one frame call, as the addon's Session.show and the RPC's show both take and answer it: which frame, what to
 * bring back with its report, and the answer (the report, the plane thumbnails, one outcome per operator preview,
 * and the step's copy ledger beside the report). native/index.d.ts re-exports these types; the backend's show
 * handler passes the addon's answer on as it is, through toWireShow (electron/backend/show-wire.ts).
 */
import { z } from 'zod';
import { rpcErrorSchema } from './envelope';
import { ledgerSchema } from './ledger';
import { previewParamsSchema } from './preview';
import { frameReportSchema } from './report';
import { PREVIEW_OPS, PREVIEWS_PER_CALL, thumbnailWidthSchema } from './vocabulary';

/** A display index, as far as any file the inspector opens may count. */
export const frameIndexSchema = z.int().min(0).max(100_000_000);

/** The frame a show names: a display index (frame-accurate), or the frame at or just after a time in seconds. */
const showTargetSchema = z.union([
  z.object({ index: frameIndexSchema }).strict(),
  z.object({ seconds: z.number().min(0).max(1e7) }).strict(),
]);

/** What a show brings back besides the report. Every field is optional: absent, the setting or the addon decides. */
const showOptionsSchema = z
  .object({
    /** Run the aliasing proof (a canary write and read-back). The RPC's show, absent, uses the client's proof
     * setting, whose one default is DEFAULT_SETTINGS.proof (contract/settings.ts); the command line's --no-proof turns
     * that default off. */
    proof: z.boolean().optional(),
    /** Plane thumbnails at most this wide (THUMBNAIL_WIDTH.min..max); absent: none. */
    thumbnailWidth: thumbnailWidthSchema.optional(),
    /** Operator previews of this frame, in order; at most PREVIEWS_PER_CALL. */
    previews: z.array(previewParamsSchema).max(PREVIEWS_PER_CALL).optional(),
    /** When a preview cannot run (no GPU, no CV-CUDA): the CPU reference instead, with its error saying why. */
    fallbackToReference: z.boolean().optional(),
  })
  .strict();

/** The parameters of the RPC's show: the addon's target and options. */
export const showParamsSchema = z.object({ target: showTargetSchema, options: showOptionsSchema.optional() }).strict();

const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes');
const size = z.int().min(0);

/** A small 8-bit grey picture of one plane, row-major, width × height bytes; only these bytes leave native memory. */
const planeThumbnailSchema = z.object({
  plane: z.int().min(0),
  name: z.string(),
  width: size,
  height: size,
  data: bytesSchema,
});

/** A small RGB picture: 3 bytes per pixel, rows packed. */
const rgbImageSchema = z.object({ width: size, height: size, rgb: bytesSchema });

/** What a preview produced, with its cost and its distance from the CPU reference. */
const previewResultSchema = z.object({
  op: z.enum(PREVIEW_OPS),
  /** True when the GPU made the thumbnail; false for op 'reference'. */
  gpu: z.boolean(),
  gpuReason: z.string(),
  converter: z.string(),
  thumbnail: rgbImageSchema.nullable(),
  /** GPU time of each step, measured with CUDA events, in milliseconds. */
  timings: z.object({
    convertMs: z.number(),
    opMs: z.number(),
    resizeMs: z.number(),
    downloadMs: z.number(),
    totalMs: z.number(),
  }),
  bytesDownloaded: size,
  frameBytes: size,
  reference: rgbImageSchema.nullable(),
  referenceMethod: z.string(),
  psnr: z.number().nullable(),
  maxAbsError: z.number().nullable(),
  meanAbsError: z.number().nullable(),
  /** What a naive single-tensor wrap (chroma assumed at the display height) shows, when that differs. */
  wrongWrap: rgbImageSchema.nullable(),
  wrongWrapReason: z.string(),
});

/** One preview of a show: its result, or why it failed (a failed preview leaves the rest standing). With
 * fallbackToReference, a failed operator has the CPU reference as result and its own error beside it. */
const previewOutcomeSchema = z.object({
  result: previewResultSchema.nullable(),
  error: rpcErrorSchema.nullable(),
});

/** A frame's report with its thumbnails and previews, from one call. */
export const showResultSchema = z.object({
  report: frameReportSchema,
  thumbnails: z.array(planeThumbnailSchema).nullable(),
  /** One outcome per requested preview, in the request's order. */
  previews: z.array(previewOutcomeSchema),
  /** The copies this call asked the GPU to do, by stage, or why there is no record of them: the ledger's only home
   * in an answer (the addon always answers it; a replayed capture answers the one it was saved with, if any). */
  ledger: ledgerSchema.optional(),
});

export type ShowTarget = z.infer<typeof showTargetSchema>;
/** What a show brings back besides the report, as the RPC carries it (the addon's ShowOptions adds a signal). */
export type ShowRequestOptions = z.infer<typeof showOptionsSchema>;
export type PlaneThumbnail = z.infer<typeof planeThumbnailSchema>;
export type RgbImage = z.infer<typeof rgbImageSchema>;
export type PreviewResult = z.infer<typeof previewResultSchema>;
export type PreviewOutcome = z.infer<typeof previewOutcomeSchema>;
export type ShowResult = z.infer<typeof showResultSchema>;
