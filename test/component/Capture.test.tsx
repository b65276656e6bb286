import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CapturedOperatorWire } from '../../contract/contract';
import { CaptureBanner } from '../../renderer/src/components/capture/CaptureBanner';
import { captureTime } from '../../renderer/src/format';
import { captureEnvironment } from '../../renderer/src/components/capture/capture-environment';
import { CapturedOperators } from '../../renderer/src/components/capture/CapturedOperators';
import { operatorFigures } from '../../renderer/src/components/capture/operator-figures';
import { NavBar } from '../../renderer/src/components/nav/NavBar';
import { SharePanel, type SharePanelProps } from '../../renderer/src/components/share/SharePanel';
import { framesFromText } from '../../renderer/src/components/share/share-options';
import { captureSummary as summary } from '../support/capture-summary';
import { backendEnvironment, gpuEnvironment, paddedNv12Device, streamInfo } from '../support/reports';

const operator = (name: string, extra: Partial<CapturedOperatorWire> = {}): CapturedOperatorWire => ({
  name,
  params: {},
  gpuTimeMs: null,
  psnr: null,
  maxAbsError: null,
  png: 'iVBORw0KGgo=',
  ...extra,
});

describe('CaptureBanner', () => {
  it('says it is a read-only capture, when, where, on which GPU, from what, and which frames', async () => {
    const onClose = vi.fn();
    render(<CaptureBanner capture={summary()} onClose={onClose} />);
    expect(screen.getByTestId('capture-banner')).toHaveTextContent('CAPTURE · read-only');
    expect(screen.getByTestId('capture-when')).toHaveTextContent('made 2026-11-30 10:00 UTC');
    expect(screen.getByTestId('capture-where')).toHaveTextContent('on gpu-box (linux x64)');
    expect(screen.getByTestId('capture-gpu')).toHaveTextContent('GPU Test GPU, driver 12.4');
    expect(screen.getByTestId('capture-source')).toHaveTextContent('clip-1080p.mp4 (2.00 KiB, sha256 abababababab…)');
    expect(screen.getByTestId('capture-frames')).toHaveTextContent('3 frames: 0, 3, 7');
    await userEvent.setup().click(screen.getByTestId('capture-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows who signed the capture: this installation's key, another key, tampered, or unsigned", () => {
    const key = '1a2b 3c4d 5e6f 7a8b 9c0d 1e2f 3a4b 5c6d 7e8f 9a0b 1c2d 3e4f 5a6b 7c8d 9e0f 1a2b';
    const { rerender } = render(<CaptureBanner capture={summary()} onClose={() => undefined} />);
    const shown = () => screen.getByTestId('capture-signature');
    expect(shown()).toHaveTextContent(`signed by this installation · key ${key}`);
    expect(shown()).toHaveAttribute('data-state', 'signed');
    const signature = {
      state: 'signed' as const,
      fingerprint: key,
      thisInstallation: false,
      detail: 'as signed',
      madeFrom: null,
    };
    rerender(<CaptureBanner capture={summary({ signature })} onClose={() => undefined} />);
    expect(shown()).toHaveTextContent(`signed by another installation · key ${key}`);
    const tampered = {
      ...signature,
      state: 'tampered' as const,
      detail: 'the evidence was changed after it was signed',
    };
    rerender(<CaptureBanner capture={summary({ signature: tampered })} onClose={() => undefined} />);
    expect(shown()).toHaveTextContent(`TAMPERED: the evidence was changed after it was signed · key ${key}`);
    expect(shown()).toHaveAttribute('data-state', 'tampered');
    const unsigned = {
      state: 'unsigned' as const,
      fingerprint: null,
      thisInstallation: false,
      detail: 'no signature',
      madeFrom: null,
    };
    rerender(<CaptureBanner capture={summary({ signature: unsigned })} onClose={() => undefined} />);
    expect(shown()).toHaveTextContent(/^unsigned$/);
    // Re-saved here from someone else's capture: signed by this installation, and the banner says what from.
    const resaved = {
      ...signature,
      thisInstallation: true,
      madeFrom: { state: 'unsigned' as const, fingerprint: null, thisInstallation: false, sha256: 'cd'.repeat(32) },
    };
    rerender(<CaptureBanner capture={summary({ signature: resaved })} onClose={() => undefined} />);
    expect(shown()).toHaveTextContent(
      `signed by this installation · key ${key} · re-saved from a capture that was unsigned (sha256 cdcdcdcdcdcd…)`,
    );
  });

  it('keeps an unparseable time as it is', () => {
    expect(captureTime('yesterday')).toBe('yesterday');
  });
});

describe('captureEnvironment', () => {
  it("shows the capture's machine in the decoder panel, and this backend's own line", () => {
    const shown = captureEnvironment(summary(), backendEnvironment(null));
    expect(shown.report).toEqual(gpuEnvironment());
    expect(shown.addon).toMatchObject({ loaded: true, path: 'the capture (zerocopy-inspector 0.1.0)' });
    expect(shown.backend.pid).toBe(1234);
  });
});

describe('CapturedOperators', () => {
  it('renders nothing without operators', () => {
    const { container } = render(<CapturedOperators operators={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows each preview with its parameters, as a list and not as JSON, and its figures', () => {
    const blur = operator('gaussian', {
      params: { kernelSize: 7, sigma: 2, border_mode: 'reflect', extra: { a: [1, 2], on: true } },
      psnr: 48.25,
      maxAbsError: 2,
      gpuTimeMs: 0.1234,
    });
    const flip = operator('flip', { params: { flipCode: -1 } });
    render(<CapturedOperators operators={[blur, flip]} />);
    const params = screen.getByTestId('captured-op-params-gaussian');
    const lines = Array.from(params.querySelectorAll('div')).map((line) => line.textContent);
    expect(lines).toEqual(['kernel 7×7', 'σ 2', 'border mode reflect', 'extra a 1, 2, on yes']);
    expect(screen.getByTestId('captured-op-gaussian')).not.toHaveTextContent(/[{}"]/);
    expect(screen.getByTestId('captured-op-params-flip')).toHaveTextContent('code both (-1)');
    expect(operatorFigures(blur)).toBe('PSNR 48.3 dB · max |err| 2 · 123 µs GPU');
    expect(screen.getAllByRole('img')[0]).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
  });
});

describe('NavBar on a capture', () => {
  it('marks the captured frames and stops stepping at the first and last of them', () => {
    render(
      <NavBar
        info={streamInfo()}
        report={{ ...paddedNv12Device(), frameIndex: 7 }}
        busy={false}
        captured={[0, 3, 7]}
        onStep={vi.fn()}
        onFrame={vi.fn()}
        onTime={vi.fn()}
      />,
    );
    expect(screen.getAllByTestId('captured-mark').map((m) => m.dataset.frame)).toEqual(['0', '3', '7']);
    expect(screen.getByTestId('step-forward')).toBeDisabled();
    expect(screen.getByTestId('step-back')).toBeEnabled();
  });
});

describe('SharePanel', () => {
  const props = (overrides: Partial<SharePanelProps> = {}): SharePanelProps => ({
    defaultName: 'clip.zci',
    visitedHint: 'the frames you viewed',
    saving: false,
    lastSaved: null,
    chooseSavePath: null,
    hasReport: true,
    probePixel: null,
    onSave: vi.fn(),
    onExportPanel: vi.fn(),
    onExportReport: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  });

  it('reads the frames field: empty is the visited frames, a-b a range, else a list', () => {
    expect(framesFromText(' ')).toBeUndefined();
    expect(framesFromText('10-20')).toEqual({ from: 10, to: 20 });
    expect(framesFromText('1, 4-5')).toEqual([1, 4, 5]);
    expect(() => framesFromText('x')).toThrow();
  });

  it('saves to a typed path on the server with the visited frames by default', async () => {
    const user = userEvent.setup();
    const p = props();
    render(<SharePanel {...p} />);
    expect(screen.getByTestId('capture-path')).toHaveValue('clip.zci');
    await user.click(screen.getByTestId('capture-save'));
    const all = { kinds: ['first-rows', 'boundary', 'probe'] };
    expect(p.onSave).toHaveBeenCalledWith('clip.zci', undefined, all);
    await user.type(screen.getByTestId('capture-frames'), '0-9');
    await user.click(screen.getByTestId('capture-save'));
    expect(p.onSave).toHaveBeenLastCalledWith('clip.zci', { from: 0, to: 9 }, all);
  });

  it('takes the memory regions to keep, and says where the probe band goes', async () => {
    const user = userEvent.setup();
    const p = props();
    const { rerender } = render(<SharePanel {...p} />);
    expect(screen.getByTestId('capture-memory')).toHaveTextContent(
      'in the middle (pin a pixel in the probe to choose)',
    );
    rerender(<SharePanel {...p} probePixel={{ x: 100, y: 300 }} />);
    expect(screen.getByTestId('capture-memory')).toHaveTextContent('around the pinned pixel (100, 300)');
    await user.click(screen.getByTestId('capture-memory-boundary'));
    await user.click(screen.getByTestId('capture-save'));
    expect(p.onSave).toHaveBeenLastCalledWith('clip.zci', undefined, { kinds: ['first-rows', 'probe'] });
    await user.click(screen.getByTestId('capture-memory-first-rows'));
    await user.click(screen.getByTestId('capture-memory-probe'));
    await user.click(screen.getByTestId('capture-save'));
    expect(p.onSave).toHaveBeenLastCalledWith('clip.zci', undefined, { kinds: [] });
  });

  it('says what is wrong with the frames field instead of saving', async () => {
    const user = userEvent.setup();
    const p = props();
    render(<SharePanel {...p} />);
    await user.type(screen.getByTestId('capture-frames'), '9-1');
    await user.click(screen.getByTestId('capture-save'));
    expect(screen.getByTestId('capture-frames-problem')).toHaveTextContent('backwards');
    expect(p.onSave).not.toHaveBeenCalled();
  });

  it("uses the window's save dialog when there is one, and does nothing when it is cancelled", async () => {
    const user = userEvent.setup();
    const chooseSavePath = vi.fn().mockResolvedValueOnce('/home/me/demo.zci').mockResolvedValueOnce(null);
    const p = props({ chooseSavePath });
    render(<SharePanel {...p} />);
    expect(screen.queryByTestId('capture-path')).toBeNull();
    await user.click(screen.getByTestId('capture-save'));
    await user.click(screen.getByTestId('capture-save'));
    expect(p.onSave).toHaveBeenCalledTimes(1);
    expect(p.onSave).toHaveBeenCalledWith('/home/me/demo.zci', undefined, {
      kinds: ['first-rows', 'boundary', 'probe'],
    });
  });

  it('shows what was saved, and offers each panel and the report for export', async () => {
    const user = userEvent.setup();
    const p = props({ lastSaved: { path: '/srv/clip.zci', frames: [0, 1, 2, 9], bytes: 4096 } });
    render(<SharePanel {...p} />);
    expect(screen.getByTestId('capture-saved')).toHaveTextContent(
      'Saved 4 frames (0-2, 9) to /srv/clip.zci · 4.00 KiB',
    );
    await user.click(screen.getByTestId('export-png-layout-panel'));
    await user.click(screen.getByTestId('export-report-json'));
    expect(p.onExportPanel).toHaveBeenCalledWith('layout-panel');
    expect(p.onExportReport).toHaveBeenCalled();
  });

  it('disables saving and export while there is no frame', () => {
    render(<SharePanel {...props({ hasReport: false })} />);
    expect(screen.getByTestId('capture-save')).toBeDisabled();
    expect(screen.getByTestId('export-report-json')).toBeDisabled();
  });
});
