/**
 * The copy ledger: every copy and memset a frame step asked the GPU to do, as CUPTI's activity records saw them,
 * attributed to the inspector stage that issued them (native/src/core/evidence/copy_ledger.h). A second witness beside the
 * byte counts the inspector reports itself (`reported`).
 */
import { z } from 'zod';

/** The stages a copy is filed under; 'unattributed': issued outside every stage (never hidden). */
const LEDGER_STAGES = [
  'unattributed',
  'decode',
  'wrap',
  'evidence',
  'thumbnail',
  'preview',
  'memory-read',
  'naive',
] as const;

/** Why a ledger holds no records; 'RECORDING' when it is the GPU's own account. */
const LEDGER_REASONS = [
  'RECORDING',
  'DISABLED',
  'CUPTI_NOT_FOUND',
  'CUPTI_INCOMPLETE',
  'CUPTI_PRIVILEGES',
  'CUPTI_IN_USE',
  'CUPTI_NO_GPU',
  'CUPTI_REFUSED',
  'NO_CUDA_DEVICE',
] as const;

const bytes = z.number().int().min(0);

/** One copy or memset: its direction, size, the memory on each side, its GPU time and the stage that issued it. */
const ledgerRecordSchema = z.object({
  kind: z.string().max(16),
  bytes,
  srcKind: z.string().max(16).nullable(),
  dstKind: z.string().max(16),
  durationNs: bytes,
  stage: z.enum(LEDGER_STAGES),
  stream: bytes,
  correlationId: bytes,
});

/** Bytes and count of one stage and kind. */
const ledgerTotalSchema = z.object({
  stage: z.enum(LEDGER_STAGES),
  kind: z.string().max(16),
  bytes,
  count: bytes,
});

/** A step's ledger. */
export const ledgerSchema = z.object({
  enabled: z.boolean(),
  recording: z.boolean(),
  reason: z.enum(LEDGER_REASONS),
  message: z.string().max(2000),
  records: z.array(ledgerRecordSchema).max(100000),
  totals: z.array(ledgerTotalSchema),
  dropped: bytes,
  /** What the inspector itself believes it downloaded in this step: the thumbnails' bytes and the preview's. */
  reported: z.object({ thumbnailBytes: bytes, previewBytes: bytes }),
});

/** A step's ledger. */
export type Ledger = z.infer<typeof ledgerSchema>;

/**
 * A frame step's report as the command line and captures store it: the report with the ledger of the one call that
 * showed it (the frame's, its thumbnails' and its previews' copies), where that call answered one.
 */
export function withStepLedger<R extends object>(shown: { report: R; ledger?: Ledger }): R & { ledger?: Ledger } {
  return shown.ledger === undefined ? shown.report : { ...shown.report, ledger: shown.ledger };
}
