import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Ledger } from '../../contract/ledger';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { LEDGER_SETTING_LABEL } from '../../renderer/src/components/ledger/ledger-words';
import { LedgerPanel } from '../../renderer/src/components/ledger/LedgerPanel';
import { SettingsPanel } from '../../renderer/src/components/settings/SettingsPanel';
import { ledgerRecord, recordingLedger } from '../support/ledgers';

// A step with a copy in every stage the addon files copies under, as it answers them.
function everyStage(): Ledger {
  return recordingLedger([
    ledgerRecord('decode', 'htod', 2_088_960, 1),
    ledgerRecord('decode', 'dtod', 3_133_440, 2),
    ledgerRecord('evidence', 'dtoh', 24, 3),
    ledgerRecord('thumbnail', 'dtoh', 46_080, 4),
    ledgerRecord('preview', 'htod', 96, 5),
    ledgerRecord('preview', 'dtoh', 3_110_400, 6),
    ledgerRecord('preview', 'memset', 4096, 7),
    ledgerRecord('memory-read', 'dtoh', 4096, 8),
    ledgerRecord('wrap', 'dtod', 4096, 9),
    ledgerRecord('naive', 'dtoh', 3_133_440, 10),
    ledgerRecord('unattributed', 'dtod', 4096, 11),
  ]);
}

function disabled(): Ledger {
  return {
    ...everyStage(),
    enabled: false,
    recording: false,
    reason: 'DISABLED',
    message: 'the copy ledger is switched off (open option ledger: false, or setLedger(false))',
    records: [],
    totals: [],
  };
}

const purpose = (stage: string, kind: string) => screen.getByTestId(`ledger-purpose-${stage}-${kind}`);

describe('the copy ledger explains itself', () => {
  it('says, on each stage row, what its copies are for', () => {
    const ledger = everyStage();
    render(<LedgerPanel ledger={ledger} source="live" />);
    expect(purpose('decode', 'htod')).toHaveTextContent('decode upload: the software-decoded frame copied into GPU');
    expect(purpose('decode', 'dtod')).toHaveTextContent("FFmpeg's copy of a decoded surface into its frame pool");
    expect(purpose('evidence', 'dtoh')).toHaveTextContent('evidence canary read-backs');
    expect(purpose('thumbnail', 'dtoh')).toHaveTextContent("each plane's thumbnail downloaded");
    expect(purpose('preview', 'dtoh')).toHaveTextContent('for the CPU reference, the frame downloaded for swscale');
    expect(purpose('preview', 'htod')).toHaveTextContent("the operator's parameters");
    expect(purpose('preview', 'memset')).toHaveTextContent('the operator preview and its CPU reference');
    expect(purpose('memory-read', 'dtoh')).toHaveTextContent('the pixel probe and the boundary view');
    expect(purpose('wrap', 'dtod')).toHaveTextContent('zero copy means there is none');
    expect(purpose('naive', 'dtoh')).toHaveTextContent('the naive single-tensor picture');
    expect(purpose('unattributed', 'dtod')).toHaveTextContent('outside every stage');
    // One row a stage and kind, each with its words.
    const rows = screen.getByTestId('ledger-totals').querySelectorAll('tbody tr');
    expect(rows).toHaveLength(ledger.totals.length);
    for (const row of rows) expect(row.querySelector('.ledger-purpose')?.textContent?.length).toBeGreaterThan(20);
  });

  it('names the Settings checkbox by its label when the ledger is switched off, not the code options', () => {
    render(<LedgerPanel ledger={disabled()} source="live" />);
    const reason = screen.getByTestId('ledger-reason');
    expect(reason).toHaveAttribute('data-reason', 'DISABLED');
    expect(reason).toHaveTextContent(`Switched off: no copy is recorded. Turn on Settings → ${LEDGER_SETTING_LABEL}`);
    expect(reason).not.toHaveTextContent('ledger: false');
    expect(reason).not.toHaveTextContent('setLedger');
  });

  it('says a capture made with the ledger off holds no copies, and how the next one records them', () => {
    render(<LedgerPanel ledger={disabled()} source="capture" />);
    const reason = screen.getByTestId('ledger-reason');
    expect(reason).toHaveTextContent('Switched off when this capture was made: it holds no copies');
    expect(reason).toHaveTextContent(`Settings → ${LEDGER_SETTING_LABEL} is on (or with capture --ledger)`);
    expect(reason).not.toHaveTextContent('setLedger');
  });

  it('uses the words the Settings checkbox shows', () => {
    render(
      <SettingsPanel
        settings={DEFAULT_SETTINGS}
        contextMode="shared"
        onChange={vi.fn()}
        onContextModeChange={vi.fn()}
        chooseLibraryFolder={null}
        onClose={vi.fn()}
      />,
    );
    const label = screen.getByTestId('setting-ledger').closest('label');
    expect(label?.textContent).toContain(LEDGER_SETTING_LABEL);
  });
});
