/**
 * The presenter in a capture's own words: an amber card for a frame handed over before its decode finished, and the
 * signature coloured by what it says (presenter.css on the class the presenter gives it).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CaptureSignature } from '../../contract/capture';
import type { CaptureSummary } from '../../contract/capture-summary';
import { HandOverCard } from '../../renderer/src/components/presenter/HandOverCard';
import { PresenterView } from '../../renderer/src/components/presenter/PresenterView';
import { captureSummary } from '../support/capture-summary';
import { cssValue } from '../support/css-rules';
import { PYNVVIDEOCODEC_FRAME, recorderSummary, TORCH_TENSOR } from '../support/recorder-summary';
import { paddedNv12Device, streamInfo } from '../support/reports';

const CSS = 'renderer/src/components/presenter/presenter.css';

/** A recorder capture of three frames: the first handed over while its stream was busy, then done, then unnamed. */
const capture = recorderSummary([
  {
    source: PYNVVIDEOCODEC_FRAME,
    wrapped: TORCH_TENSOR,
    stream: { handle: '0x5a5a00', method: 'cuStreamQuery', state: 'pending' },
  },
  {
    source: PYNVVIDEOCODEC_FRAME,
    wrapped: TORCH_TENSOR,
    stream: { handle: '0x5a5a00', method: 'cuStreamQuery', state: 'complete' },
  },
  { source: PYNVVIDEOCODEC_FRAME, wrapped: TORCH_TENSOR, stream: { handle: null, method: null, state: 'not-named' } },
]);

describe('the hand-over card', () => {
  it('is amber for a frame handed over before its decode finished', () => {
    render(<HandOverCard capture={capture} frameIndex={0} />);
    const badge = screen.getByTestId('presenter-badge-hand-over');
    expect(badge).toHaveTextContent('HANDED OVER BEFORE DECODE FINISHED');
    expect(badge).toHaveAttribute('data-tone', 'warn');
    expect(screen.getByTestId('presenter-why-hand-over')).toHaveTextContent('handed over before decode finished');
    expect(cssValue(screen.getByTestId('presenter-hand-over'), CSS, 'border-color')).toBe('var(--warn)');
  });

  it('is absent for a stream that was done, one not named, a capture the inspector made, and a file', () => {
    const { container, rerender } = render(<HandOverCard capture={capture} frameIndex={1} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<HandOverCard capture={capture} frameIndex={2} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<HandOverCard capture={captureSummary()} frameIndex={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<HandOverCard capture={null} frameIndex={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the presenter’s signature', () => {
  const key = '1a2b 3c4d 5e6f 7a8b 9c0d 1e2f 3a4b 5c6d 7e8f 9a0b 1c2d 3e4f 5a6b 7c8d 9e0f 1a2b';
  const own: CaptureSignature = {
    state: 'signed',
    fingerprint: key,
    thisInstallation: true,
    detail: 'ok',
    madeFrom: null,
  };

  function shown(signature: CaptureSignature): HTMLElement {
    const summary: CaptureSummary = captureSummary({ signature });
    render(
      <PresenterView
        fileName="clip-1080p.mp4"
        info={streamInfo()}
        report={paddedNv12Device()}
        thumbnails={[]}
        capture={summary}
        wrongWrap={null}
        busy={false}
        onStep={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    return screen.getByTestId('presenter-signature');
  }

  it('is red when tampered', () => {
    const element = shown({ ...own, state: 'tampered', detail: 'capture.json changed after it was signed' });
    expect(cssValue(element, CSS, 'background')).toBe('var(--bad)');
  });

  it('is amber when unsigned', () => {
    const element = shown({ ...own, state: 'unsigned', fingerprint: null, thisInstallation: false });
    expect(cssValue(element, CSS, 'background')).toBe('var(--warn)');
  });

  it('is plain when this installation signed it', () => {
    const element = shown(own);
    expect(cssValue(element, CSS, 'background')).toBeNull();
    expect(cssValue(element, CSS, 'color')).toBe('var(--text)');
  });

  it('is amber when another installation signed it', () => {
    const element = shown({ ...own, thisInstallation: false });
    expect(cssValue(element, CSS, 'background')).toBe('var(--warn)');
  });
});

describe('the presenter of a recorder capture', () => {
  function present(frameIndex: number): void {
    render(
      <PresenterView
        fileName="train.zci"
        info={streamInfo()}
        report={{ ...paddedNv12Device(), frameIndex }}
        thumbnails={[]}
        capture={capture}
        wrongWrap={null}
        busy={false}
        onStep={vi.fn()}
        onClose={vi.fn()}
      />,
    );
  }

  it('shows the hand-over card beside the verdicts for the pending frame, and none for a frame that was done', () => {
    present(0);
    expect(screen.getByTestId('presenter-badge-hand-over')).toHaveTextContent('HANDED OVER BEFORE DECODE FINISHED');
  });

  it('heads the pointers with the recorded objects, not FFmpeg and NVCV', () => {
    present(1);
    expect(screen.queryByTestId('presenter-badge-hand-over')).toBeNull();
    const line = screen.getByTestId('presenter-pointer-line-0');
    expect(line).toHaveTextContent('PyNvVideoCodec frame data[0]');
    expect(line).toHaveTextContent('torch tensor exported');
    expect(line).not.toHaveTextContent('FFmpeg data[0]');
    // The pitch and the row stride are the recorded objects' too.
    const stride = screen.getByTestId('presenter-stride-line-0');
    expect(stride).toHaveTextContent(/^PyNvVideoCodec frame pitch \d+ B [=≠·] torch tensor row stride/);
    expect(stride).not.toHaveTextContent(/FFmpeg|NVCV/);
  });
});
