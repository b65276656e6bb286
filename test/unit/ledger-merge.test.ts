import { describe, expect, it } from 'vitest';
import { ledgerSchema, mergeLedgers, type Ledger } from '../../electron/common/ledger';
import { ledgerRecord, recordingLedger } from '../support/ledgers';

const record = ledgerRecord;
const ledger = (records: Ledger['records'], extra: Partial<Ledger> = {}): Ledger =>
  ledgerSchema.parse(recordingLedger(records, { totals: [], ...extra }));

describe('one step’s ledger from the answers it took', () => {
  it('keeps the frame’s records first, then each preview’s, and totals them by stage and kind', () => {
    const frame = ledger([record('evidence', 'dtoh', 24, 1), record('evidence', 'dtoh', 24, 2)]);
    const first = ledger([record('thumbnail', 'dtoh', 2304, 3), record('preview', 'dtoh', 388800, 4)], {
      reported: { thumbnailBytes: 2304, previewBytes: 388800 },
      dropped: 1,
    });
    const second = ledger([record('preview', 'dtoh', 388800, 5), record('preview', 'htod', 16, 6)], {
      reported: { thumbnailBytes: 0, previewBytes: 388800 },
    });
    const merged = mergeLedgers(frame, [first, second]);
    expect(merged.records.map((r) => r.correlationId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(merged.totals).toEqual([
      { stage: 'evidence', kind: 'dtoh', bytes: 48, count: 2 },
      { stage: 'thumbnail', kind: 'dtoh', bytes: 2304, count: 1 },
      { stage: 'preview', kind: 'dtoh', bytes: 777600, count: 2 },
      { stage: 'preview', kind: 'htod', bytes: 16, count: 1 },
    ]);
    expect(merged.reported).toEqual({ thumbnailBytes: 2304, previewBytes: 777600 });
    expect(merged.dropped).toBe(1);
    expect(ledgerSchema.safeParse(merged).success).toBe(true);
  });

  it('leaves a ledger that says why nothing was recorded as it is, and ignores later ones that did not record', () => {
    const off = ledger([], { enabled: false, recording: false, reason: 'DISABLED', message: 'switched off' });
    expect(mergeLedgers(off, [ledger([record('preview', 'dtoh', 10, 1)])])).toBe(off);
    const frame = ledger([record('evidence', 'dtoh', 24, 1)]);
    const refused = ledger([], { recording: false, reason: 'CUPTI_IN_USE', message: 'another subscriber' });
    expect(mergeLedgers(frame, [refused])).toBe(frame);
  });
});
