import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../../contract/ledger';
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

  it('fails the wrap check when the wrap copied, saying how much and that the image is a copy', () => {
    const copied = nvdecStep();
    copied.records.push(ledgerRecord('wrap', 'dtod', 3_133_440, 5));
    render(<LedgerPanel ledger={copied} source="live" />);
    const wrap = screen.getByTestId('ledger-check-wrap');
    expect(wrap).toHaveAttribute('data-ok', 'false');
    expect(wrap).toHaveTextContent('copied by the wrap into NVCV: the image is a copy, not FFmpeg');
    expect(wrap).not.toHaveTextContent("the image is FFmpeg's memory itself");
    expect(ledgerChecks(copied).wrapBytes).toBe(3_133_440);
  });

  it('fails the unattributed check on a copy issued outside every stage', () => {
    const stray = nvdecStep();
    stray.records.push(ledgerRecord('unattributed', 'dtod', 4096, 5));
    render(<LedgerPanel ledger={stray} source="live" />);
    const check = screen.getByTestId('ledger-check-unattributed');
    expect(check).toHaveAttribute('data-ok', 'false');
    expect(check).toHaveTextContent('1 copy issued outside every stage');
    expect(ledgerChecks(stray).unattributed).toBe(1);
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
