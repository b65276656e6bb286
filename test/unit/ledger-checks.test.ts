/** The ledger panel's checks, each sum taken over exactly its stage and kind, and when the thumbnails count. */
import { describe, expect, it } from 'vitest';
import { ledgerChecks } from '../../renderer/src/components/ledger/ledger-checks';
import { ledgerRecord, recordingLedger } from '../support/ledgers';

// One record of every stage and kind that matters, each with a byte count of its own, so that a sum over the wrong
// stage or kind comes out as a different number.
const mixed = () =>
  recordingLedger(
    [
      ledgerRecord('decode', 'htod', 1, 1),
      ledgerRecord('decode', 'dtod', 2, 2),
      ledgerRecord('decode', 'dtoh', 4, 3),
      ledgerRecord('wrap', 'dtod', 8, 4),
      ledgerRecord('wrap', 'htod', 16, 5),
      ledgerRecord('thumbnail', 'dtoh', 32, 6),
      ledgerRecord('thumbnail', 'dtod', 64, 7),
      ledgerRecord('evidence', 'htod', 128, 8),
      ledgerRecord('evidence', 'dtod', 256, 9),
      ledgerRecord('unattributed', 'dtod', 512, 10),
      ledgerRecord('unattributed', 'htod', 1024, 11),
    ],
    { reported: { thumbnailBytes: 32, previewBytes: 0 } },
  );

describe('ledgerChecks', () => {
  it('sums each check over its own stage and kind only', () => {
    expect(ledgerChecks(mixed())).toEqual({
      wrapBytes: 24,
      uploadBytes: 1,
      decodeDeviceBytes: 2,
      thumbnailBytes: 32,
      thumbnailMatches: true,
      unattributed: 2,
    });
  });

  it('compares the thumbnails only when some were asked for or downloaded', () => {
    const none = recordingLedger([ledgerRecord('decode', 'dtod', 2, 1)], {
      reported: { thumbnailBytes: 0, previewBytes: 0 },
    });
    expect(ledgerChecks(none).thumbnailMatches).toBeNull();
    // Reported but never downloaded: a mismatch, not "none asked".
    const missing = recordingLedger([], { reported: { thumbnailBytes: 10, previewBytes: 0 } });
    expect(ledgerChecks(missing).thumbnailMatches).toBe(false);
    // Downloaded but never reported: a mismatch too.
    const unreported = recordingLedger([ledgerRecord('thumbnail', 'dtoh', 10, 1)], {
      reported: { thumbnailBytes: 0, previewBytes: 0 },
    });
    expect(ledgerChecks(unreported).thumbnailMatches).toBe(false);
  });
});
