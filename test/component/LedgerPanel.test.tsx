import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../../electron/common/ledger';
import { ledgerChecks } from '../../renderer/src/components/ledger/ledger-checks';
import { LedgerPanel } from '../../renderer/src/components/ledger/LedgerPanel';

// Ledgers shaped as the addon answers them (electron/common/ledger.ts); what CUPTI records on an NVDEC step is
// checked on the GPU (test/gpu/ledger.test.mjs) and shown from a GPU capture end to end.
function nvdecStep(thumbnailBytes = 61_440): Ledger {
  const record = (stage: Ledger['records'][number]['stage'], kind: string, bytes: number, id: number) => ({
    kind,
    bytes,
    srcKind: kind === 'dtoh' ? 'device' : 'device',
    dstKind: kind === 'dtoh' ? 'pageable' : 'device',
    durationNs: 2_000,
    stage,
    stream: 7,
    correlationId: id,
  });
  return {
    enabled: true,
    recording: true,
    reason: 'RECORDING',
    message: '',
    records: [
      record('evidence', 'dtoh', 24, 1),
      record('evidence', 'dtoh', 24, 2),
      record('thumbnail', 'dtoh', 46_080, 3),
      record('thumbnail', 'dtoh', 15_360, 4),
    ],
    totals: [
      { stage: 'evidence', kind: 'dtoh', bytes: 48, count: 2 },
      { stage: 'thumbnail', kind: 'dtoh', bytes: 61_440, count: 2 },
    ],
    dropped: 0,
    reported: { thumbnailBytes, previewBytes: 0 },
  };
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
