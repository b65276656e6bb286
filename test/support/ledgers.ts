/**
 * Copy ledgers shaped as the addon answers them (contract/ledger.ts), for tests that run without CUPTI;
 * what CUPTI records on NVDEC steps is checked on the GPU (test/gpu/ledger.test.mjs).
 */
import type { Ledger } from '../../contract/ledger';

type LedgerRecord = Ledger['records'][number];

/** One record: a download unless kind says otherwise (a memset has no source). */
export function ledgerRecord(stage: LedgerRecord['stage'], kind: string, bytes: number, id: number): LedgerRecord {
  return {
    kind,
    bytes,
    srcKind: kind === 'memset' ? null : kind === 'htod' ? 'pageable' : 'device',
    dstKind: kind === 'dtoh' ? 'pageable' : 'device',
    durationNs: 2_000,
    stage,
    stream: 7,
    correlationId: id,
  };
}

/** A recording ledger of these records, totalled by stage and kind here (not by the code under test). */
export function recordingLedger(records: LedgerRecord[], extra: Partial<Ledger> = {}): Ledger {
  const totals: Ledger['totals'] = [];
  for (const r of records) {
    const t = totals.find((x) => x.stage === r.stage && x.kind === r.kind);
    if (t === undefined) totals.push({ stage: r.stage, kind: r.kind, bytes: r.bytes, count: 1 });
    else {
      t.bytes += r.bytes;
      t.count += 1;
    }
  }
  return {
    enabled: true,
    recording: true,
    reason: 'RECORDING',
    message: 'CUPTI activity tracing of copies and memsets is on',
    records,
    totals,
    dropped: 0,
    reported: { thumbnailBytes: 0, previewBytes: 0 },
    ...extra,
  };
}
