import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../../electron/common/ledger';
import { ledgerChecks } from '../../renderer/src/components/ledger/ledger-checks';
import { LedgerPanel } from '../../renderer/src/components/ledger/LedgerPanel';
import { ledgerRecord, recordingLedger } from '../support/ledgers';

// Ledgers shaped as the addon answers them; what CUPTI records on an NVDEC step is checked on the GPU
// (test/gpu/ledger.test.mjs) and shown from a GPU capture end to end.
function nvdecStep(thumbnailBytes = 61_440): Ledger {
  return recordingLedger(
    [
      ledgerRecord('evidence', 'dtoh', 24, 1),
      ledgerRecord('evidence', 'dtoh', 24, 2),
      ledgerRecord('thumbnail', 'dtoh', 46_080, 3),
      ledgerRecord('thumbnail', 'dtoh', 15_360, 4),
    ],
    { reported: { thumbnailBytes, previewBytes: 0 } },
  );
}

describe('the copy ledger panel', () => {
  it('passes an NVDEC step: nothing copied by the wrap, the thumbnails as the inspector counted them', () => {
    render(<LedgerPanel ledger={nvdecStep()} source="live" />);
    expect(screen.getByTestId('ledger-check-wrap')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('ledger-check-thumbnails')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('ledger-check-unattributed')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('ledger-count')).toHaveTextContent('4');
    expect(screen.getByTestId('ledger-total-thumbnail-dtoh')).toHaveTextContent('2');
  });

  it('fails the thumbnail check when the two witnesses disagree', () => {
    render(<LedgerPanel ledger={nvdecStep(60_000)} source="live" />);
    expect(screen.getByTestId('ledger-check-thumbnails')).toHaveAttribute('data-ok', 'false');
  });

  it('says why there is no ledger, by its reason code', () => {
    const off: Ledger = {
      ...nvdecStep(),
      recording: false,
      reason: 'CUPTI_NO_GPU',
      message: 'no usable CUDA device',
      records: [],
      totals: [],
    };
    render(<LedgerPanel ledger={off} source="live" />);
    expect(screen.getByTestId('ledger-reason')).toHaveAttribute('data-reason', 'CUPTI_NO_GPU');
    expect(screen.getByTestId('ledger-reason')).toHaveTextContent('no usable CUDA device');
  });

  it('says a capture holds none', () => {
    render(<LedgerPanel ledger={null} source="capture" />);
    expect(screen.getByTestId('ledger-missing')).toHaveTextContent('the capture holds none');
  });

  it('counts an upload in decode apart from the wrap (software decode + upload)', () => {
    const upload = nvdecStep();
    upload.records.push({
      kind: 'htod',
      bytes: 2_088_960,
      srcKind: 'pageable',
      dstKind: 'device',
      durationNs: 90_000,
      stage: 'decode',
      stream: 0,
      correlationId: 9,
    });
    const checks = ledgerChecks(upload);
    expect(checks).toMatchObject({ wrapBytes: 0, uploadBytes: 2_088_960, decodeDeviceBytes: 0, unattributed: 0 });
  });
});
