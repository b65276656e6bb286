/** The capture banner in its own words: the signature coloured by what it says, a source it did not record. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaptureSignature } from '../../contract/capture';
import { CaptureBanner } from '../../renderer/src/components/capture/CaptureBanner';
import { captureSummary as summary } from '../support/capture-summary';
import { cssValue } from '../support/css-rules';
import { PYNVVIDEOCODEC_FRAME, recorderSummary, TORCH_TENSOR } from '../support/recorder-summary';

const CSS = 'renderer/src/components/capture/capture.css';
const key = '1a2b 3c4d 5e6f 7a8b 9c0d 1e2f 3a4b 5c6d 7e8f 9a0b 1c2d 3e4f 5a6b 7c8d 9e0f 1a2b';
const own: CaptureSignature = {
  state: 'signed',
  fingerprint: key,
  thisInstallation: true,
  detail: 'ok',
  madeFrom: null,
};

/** Every signature state a capture can be in, the tone it is shown in, and that tone's colour (base.css's red and
 * amber; none: plain). */
const SIGNATURES: [string, string | null, CaptureSignature][] = [
  ['own', null, own],
  ['foreign', 'var(--warn)', { ...own, thisInstallation: false }],
  ['unsigned', 'var(--warn)', { ...own, state: 'unsigned', fingerprint: null, thisInstallation: false }],
  ['tampered', 'var(--bad)', { ...own, state: 'tampered', detail: 'capture.json changed after it was signed' }],
];

describe('the capture banner’s signature', () => {
  it.each(SIGNATURES)(
    'is %s, coloured %s: red when tampered, amber when unsigned or foreign',
    (tone, colour, signature) => {
      render(<CaptureBanner capture={summary({ signature })} onClose={() => undefined} />);
      const shown = screen.getByTestId('capture-signature');
      expect(shown).toHaveAttribute('data-tone', tone);
      expect(cssValue(shown, CSS, 'background')).toBe(colour);
    },
  );
});

describe('the capture banner’s source', () => {
  it('names the video and its hash for a capture the inspector made', () => {
    render(<CaptureBanner capture={summary()} onClose={() => undefined} />);
    expect(screen.getByTestId('capture-source')).toHaveTextContent(
      'from clip-1080p.mp4 (2.00 KiB, sha256 abababababab…)',
    );
  });

  it('says the source was not recorded for a recorder capture, with or without its script', () => {
    const frames = [{ source: PYNVVIDEOCODEC_FRAME, wrapped: TORCH_TENSOR }];
    const { rerender } = render(<CaptureBanner capture={recorderSummary(frames, false)} onClose={() => undefined} />);
    expect(screen.getByTestId('capture-source')).toHaveTextContent(/^source not recorded: no source file was recorded/);
    rerender(<CaptureBanner capture={recorderSummary(frames, true)} onClose={() => undefined} />);
    expect(screen.getByTestId('capture-source')).toHaveTextContent(/^source not recorded: recorded in your process/);
    expect(screen.getByTestId('capture-source')).not.toHaveTextContent('from train.py');
  });
});
