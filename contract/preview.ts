/** Operator previews: the request schema (the addon's PreviewOptions, checked); the result is show.ts's. */
import { z } from 'zod';
import { COLOR_MATRICES, COLOR_RANGES, PREVIEW_OPS, thumbnailWidthSchema } from './vocabulary';

/** Thumbnail width the panel asks for. */
export const PREVIEW_WIDTH = 256;

/** The addon's defaults for each operator parameter (native/index.d.ts PreviewOptions). */
export const PREVIEW_DEFAULTS = { kernelSize: 7, sigma: 2, flipCode: 1, threshold: 128 } as const;

/** A GPU thumbnail this close to the swscale reference (in dB) passes; see passesPsnr. */
export const PSNR_PASS_DB = 35;

/** The parameters of the preview method, with the addon's own bounds. */
export const previewParamsSchema = z
  .object({
    op: z.enum(PREVIEW_OPS),
    maxWidth: thumbnailWidthSchema.optional(),
    kernelSize: z
      .int()
      .min(3)
      .max(31)
      .refine((value) => value % 2 === 1, 'kernelSize must be odd')
      .optional(),
    sigma: z.number().gt(0).max(20).optional(),
    flipCode: z.union([z.literal(-1), z.literal(0), z.literal(1)]).optional(),
    threshold: z.number().min(0).max(255).optional(),
    reference: z.boolean().optional(),
    matrix: z.enum(COLOR_MATRICES).optional(),
    range: z.enum(COLOR_RANGES).optional(),
  })
  .strict();

/** What a caller passes to preview. */
export type PreviewParams = z.infer<typeof previewParamsSchema>;

/** True when a PSNR meets the bar; the convert kernel lands at 44–48 dB on real frames, a wrong matrix near 25. */
export function passesPsnr(psnr: number): boolean {
  return psnr >= PSNR_PASS_DB;
}
