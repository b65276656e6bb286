/**
 * The copy ledger: every copy and memset a frame step asked the GPU to do, as CUPTI's activity records saw them,
 * attributed to the inspector stage that issued them (native/src/core/copy_ledger.h). A second witness beside the
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

/** Bytes and count per stage and kind, in the order each pair first appears (as the addon totals them). */
function totalsOf(records: Ledger['records']): Ledger['totals'] {
  const totals: Ledger['totals'] = [];
  for (const r of records) {
    let t = totals.find((x) => x.stage === r.stage && x.kind === r.kind);
    if (t === undefined) {
      t = { stage: r.stage, kind: r.kind, bytes: 0, count: 0 };
      totals.push(t);
    }
    t.bytes += r.bytes;
    t.count += 1;
  }
  return totals;
}

/**
 * One step's ledger from the answers it took: `base` (the frame's) followed by the recording ledgers of later calls
 * of the same step (its previews). Records keep their order; totals, dropped records and what the inspector reports
 * are summed. A base that is not recording stays as it is: it says why nothing was recorded.
 */
export function mergeLedgers(base: Ledger, later: readonly Ledger[]): Ledger {
  const more = later.filter((l) => l.reason === 'RECORDING');
  if (base.reason !== 'RECORDING' || more.length === 0) return base;
  const records = [...base.records, ...more.flatMap((l) => l.records)];
  return {
    ...base,
    records,
    totals: totalsOf(records),
    dropped: more.reduce((n, l) => n + l.dropped, base.dropped),
    reported: {
      thumbnailBytes: more.reduce((n, l) => n + l.reported.thumbnailBytes, base.reported.thumbnailBytes),
      previewBytes: more.reduce((n, l) => n + l.reported.previewBytes, base.reported.previewBytes),
    },
  };
}
