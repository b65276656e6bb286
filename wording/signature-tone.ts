/**
 * How loudly a capture's signature is shown: tampered in red (its evidence changed after signing), unsigned and
 * signed by another installation in amber (nothing here vouches for it), signed by this installation plainly. The
 * signature state alone does not tell the last two signed cases apart, so panels colour by this tone.
 */
import type { CaptureSignature } from '../contract/capture';

/** A signature tone, each a class suffix (capture-signature-own, …). */
type SignatureTone = 'own' | 'foreign' | 'unsigned' | 'tampered';

/** The colour each tone is shown in: a theme variable (renderer/src/styles/base.css), or null for plain text. */
export const SIGNATURE_TONE_COLOURS: Readonly<Record<SignatureTone, string | null>> = {
  own: null,
  foreign: 'var(--warn)',
  unsigned: 'var(--warn)',
  tampered: 'var(--bad)',
};

/** The tone of a signature. */
export function signatureTone(signature: Pick<CaptureSignature, 'state' | 'thisInstallation'>): SignatureTone {
  if (signature.state === 'tampered') return 'tampered';
  if (signature.state === 'unsigned') return 'unsigned';
  return signature.thisInstallation ? 'own' : 'foreign';
}
