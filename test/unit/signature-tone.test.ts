/** How loudly a capture's signature is shown: tampered red, unsigned and another installation's amber, ours plain. */
import { describe, expect, it } from 'vitest';
import type { CaptureSignature } from '../../contract/capture';
import { SIGNATURE_TONE_COLOURS, signatureTone } from '../../wording/signature-tone';

const own: CaptureSignature = {
  state: 'signed',
  fingerprint: 'ab',
  thisInstallation: true,
  detail: '',
  madeFrom: null,
};

describe('the signature tone', () => {
  it('tells a foreign signature from our own, though both are "signed"', () => {
    expect(signatureTone(own)).toBe('own');
    expect(signatureTone({ ...own, thisInstallation: false })).toBe('foreign');
    expect(signatureTone({ ...own, state: 'unsigned', thisInstallation: false })).toBe('unsigned');
    expect(signatureTone({ ...own, state: 'tampered' })).toBe('tampered');
  });

  it('is red for tampered, amber for unsigned and foreign, plain for our own', () => {
    expect(SIGNATURE_TONE_COLOURS).toEqual({
      own: null,
      foreign: 'var(--warn)',
      unsigned: 'var(--warn)',
      tampered: 'var(--bad)',
    });
  });
});
