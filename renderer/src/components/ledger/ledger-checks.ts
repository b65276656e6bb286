/** The checks a reader makes of a step's copy ledger, computed from its records. */
import type { Ledger } from '../../../../contract/ledger';

/** What the ledger says about zero copy and about the inspector's own byte counts. */
export interface LedgerChecks {
  /** Bytes copied on the device or uploaded by the wrap: zero copy means none. */
  wrapBytes: number;
  /** Host-to-device bytes filed under decode: FFmpeg's own upload of a software-decoded frame (none for NVDEC). */
  uploadBytes: number;
  /** Device-to-device bytes filed under decode: FFmpeg's copy of a decoded surface into its frame pool. */
  decodeDeviceBytes: number;
  /** Device-to-host bytes filed under thumbnail. */
  thumbnailBytes: number;
  /** True when the GPU's account of the thumbnails equals the inspector's; null when no thumbnail was asked. */
  thumbnailMatches: boolean | null;
  /** Records issued outside every stage. */
  unattributed: number;
}

/** The checks of a ledger that is recording. */
export function ledgerChecks(ledger: Ledger): LedgerChecks {
  const sum = (keep: (r: Ledger['records'][number]) => boolean) =>
    ledger.records.filter(keep).reduce((total, r) => total + r.bytes, 0);
  const thumbnailBytes = sum((r) => r.stage === 'thumbnail' && r.kind === 'dtoh');
  const asked = ledger.reported.thumbnailBytes > 0 || thumbnailBytes > 0;
  return {
    wrapBytes: sum((r) => r.stage === 'wrap'),
    uploadBytes: sum((r) => r.stage === 'decode' && r.kind === 'htod'),
    decodeDeviceBytes: sum((r) => r.stage === 'decode' && r.kind === 'dtod'),
    thumbnailBytes,
    thumbnailMatches: asked ? thumbnailBytes === ledger.reported.thumbnailBytes : null,
    unattributed: ledger.records.filter((r) => r.stage === 'unattributed').length,
  };
}
