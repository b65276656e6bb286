import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rpcError } from '../../contract/envelope';
import { OperatorsPanel, type OperatorsPanelProps } from '../../renderer/src/components/operators/OperatorsPanel';
import { checksum, rgbToRgba } from '../../renderer/src/components/operators/rgb';
import { DEFAULT_OPERATOR } from '../../renderer/src/store/operators-slice';
import {
  gaussianPreview,
  gpuConvertPreview,
  referenceOnlyPreview,
  solidRgb,
  wrongMatrixPreview,
} from '../support/previews';

const NO_GPU = rpcError(
  'NO_CUDA_DEVICE',
  'Operators run on the GPU and this frame is in host memory (no CUDA device)',
  'Open the file on a machine with an NVIDIA GPU; the CPU reference thumbnail is still available.',
);

// jsdom has no 2D canvas; the panel then draws nothing, and the tests read the data attributes instead.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function panel(props: Partial<OperatorsPanelProps> = {}) {
  const onChoose = vi.fn();
  render(
    <OperatorsPanel
      choice={DEFAULT_OPERATOR}
      preview={gpuConvertPreview()}
      previewFrame={3}
      error={null}
      running={false}
      onChoose={onChoose}
      {...props}
    />,
  );
  return { onChoose };
}

describe('OperatorsPanel on a GPU result', () => {
  it('shows the GPU thumbnail beside the CPU reference, with the figures', () => {
    panel();
    expect(screen.getByTestId('operators-panel')).toHaveAttribute('data-state', 'gpu');
    expect(screen.getByTestId('operators-panel')).toHaveAttribute('data-frame', '3');
    expect(screen.getByTestId('operator-canvas')).toHaveAttribute('width', '16');
    expect(screen.getByTestId('reference-canvas')).toHaveAttribute('height', '9');
    expect(screen.getByTestId('operator-timings')).toHaveTextContent(
      'convert 256 µs · operator 915 µs · resize 27.7 ms · download 109 µs',
    );
    expect(screen.getByTestId('operator-total-ms')).toHaveTextContent('29.0 ms');
    expect(screen.getByTestId('operator-bytes')).toHaveTextContent('110,592 B of 3,110,400 B (3.56 %)');
    expect(screen.getByTestId('operator-psnr')).toHaveTextContent('44.67 dB');
    expect(screen.getByTestId('operator-max-error')).toHaveTextContent('28');
    expect(screen.getByTestId('operator-mean-error')).toHaveTextContent('0.26');
    expect(screen.getByTestId('operator-psnr-badge')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('operator-psnr-badge')).toHaveTextContent('PASS · 44.67 dB ≥ 35');
    expect(screen.getByTestId('operator-converter')).toHaveTextContent("the inspector's kernel: nv12, BT.709");
    expect(screen.getByTestId('reference-method')).toHaveTextContent('swscale nv12 -> rgb24');
    expect(screen.queryByTestId('operators-unavailable')).toBeNull();
  });

  it('puts the wrong-wrap picture beside the right one, labelled, with its reason', () => {
    panel();
    const pair = screen.getByTestId('operators-wrong-wrap');
    expect(pair).toHaveTextContent('what a naive [1,1.5H,W,1] tensor shows');
    expect(pair).toHaveTextContent('wrapped plane by plane');
    expect(screen.getByTestId('wrong-wrap-reason')).toHaveTextContent('it starts at row 1088, so 8 padding rows');
    const wrong = screen.getByTestId('wrong-wrap-canvas').getAttribute('data-checksum');
    const right = screen.getByTestId('right-wrap-canvas').getAttribute('data-checksum');
    expect(wrong).not.toBe(right);
    expect(right).toBe(screen.getByTestId('operator-canvas').getAttribute('data-checksum'));
  });

  it('fails the badge when a forced matrix drifts from the reference, and says why', () => {
    panel({ choice: { ...DEFAULT_OPERATOR, matrix: 'bt601' }, preview: wrongMatrixPreview() });
    expect(screen.getByTestId('operator-psnr-badge')).toHaveAttribute('data-tone', 'bad');
    expect(screen.getByTestId('operator-psnr-badge')).toHaveTextContent('FAIL · 24.56 dB < 35');
    expect(screen.getByTestId('operator-forced-note')).toHaveTextContent('what a wrong choice costs');
    expect(screen.getByTestId('operator-matrix')).toHaveValue('bt601');
  });

  it('does not compare an operator that changes the picture, and offers the convert preview for the wrong wrap', () => {
    const { onChoose } = panel({ choice: { ...DEFAULT_OPERATOR, op: 'gaussian' }, preview: gaussianPreview() });
    expect(screen.getByTestId('operator-psnr-badge')).toHaveAttribute('data-tone', 'unknown');
    expect(screen.getByTestId('operator-psnr-badge')).toHaveTextContent('NOT COMPARED');
    expect(screen.getByTestId('wrong-wrap-note')).toHaveTextContent('shown with the convert preview');
    fireEvent.click(screen.getByTestId('wrong-wrap-show'));
    expect(onChoose).toHaveBeenCalledWith({ op: 'convert' });
  });
});

describe('OperatorsPanel without a GPU', () => {
  it('says why operators are unavailable and still shows the CPU reference', () => {
    panel({ preview: referenceOnlyPreview(), error: NO_GPU });
    expect(screen.getByTestId('operators-panel')).toHaveAttribute('data-state', 'unavailable');
    expect(screen.getByTestId('operators-error-code')).toHaveTextContent('NO_CUDA_DEVICE');
    expect(screen.getByTestId('operators-error-message')).toHaveTextContent('no CUDA device');
    expect(screen.getByTestId('operators-error-remedy')).toHaveTextContent('NVIDIA GPU');
    expect(screen.getByTestId('operator-placeholder')).toHaveTextContent('not run: NO_CUDA_DEVICE');
    expect(screen.queryByTestId('operator-canvas')).toBeNull();
    expect(screen.getByTestId('reference-canvas').getAttribute('data-checksum')).toMatch(/^[0-9a-f]{8}$/);
    expect(screen.getByTestId('reference-method')).toHaveTextContent('swscale yuv420p -> rgb24');
    expect(screen.queryByTestId('operator-figures')).toBeNull();
    expect(screen.queryByTestId('operators-wrong-wrap')).toBeNull();
    expect(screen.getByTestId('operators-badge')).toHaveTextContent('CPU reference only');
  });

  it('shows CV-CUDA missing with its own code', () => {
    panel({
      preview: referenceOnlyPreview(),
      error: rpcError('CVCUDA_NOT_FOUND', 'CV-CUDA is not loaded: libcvcuda.so.0 not found'),
    });
    expect(screen.getByTestId('operators-error-code')).toHaveTextContent('CVCUDA_NOT_FOUND');
    expect(screen.getByTestId('operators-error-remedy')).toHaveTextContent('Install CV-CUDA');
  });
});

describe('the catalogue', () => {
  it('marks the chosen operator and picks another with its parameters', () => {
    const { onChoose } = panel();
    expect(screen.getByTestId('operator-option-convert')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('operator-option-flip')).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(screen.getByTestId('operator-option-cvtcolor'));
    expect(onChoose).toHaveBeenLastCalledWith({ op: 'cvtcolor' });
    fireEvent.change(screen.getByTestId('operator-kernel-size'), { target: { value: '11' } });
    expect(onChoose).toHaveBeenLastCalledWith({ op: 'gaussian', kernelSize: 11 });
    fireEvent.change(screen.getByTestId('operator-sigma'), { target: { value: '3.5' } });
    expect(onChoose).toHaveBeenLastCalledWith({ op: 'gaussian', sigma: 3.5 });
    fireEvent.change(screen.getByTestId('operator-flip-code'), { target: { value: '-1' } });
    expect(onChoose).toHaveBeenLastCalledWith({ op: 'flip', flipCode: -1 });
    fireEvent.change(screen.getByTestId('operator-threshold'), { target: { value: '200' } });
    expect(onChoose).toHaveBeenLastCalledWith({ op: 'threshold', threshold: 200 });
    fireEvent.change(screen.getByTestId('operator-range'), { target: { value: 'full' } });
    expect(onChoose).toHaveBeenLastCalledWith({ range: 'full' });
  });

  it('keeps an out-of-range value in its field without sending it', () => {
    const { onChoose } = panel();
    fireEvent.change(screen.getByTestId('operator-sigma'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('operator-threshold'), { target: { value: '300' } });
    expect(onChoose).not.toHaveBeenCalled();
    expect(screen.getByTestId('operator-threshold')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('RGB pictures', () => {
  it('expand to opaque RGBA and have a checksum that tells pictures apart', () => {
    const red = solidRgb(2, 1, [255, 0, 0]).rgb;
    expect(Array.from(rgbToRgba(red, 2, 1))).toEqual([255, 0, 0, 255, 255, 0, 0, 255]);
    expect(checksum(red)).toBe(checksum(solidRgb(2, 1, [255, 0, 0]).rgb));
    expect(checksum(red)).not.toBe(checksum(solidRgb(2, 1, [254, 0, 0]).rgb));
    expect(checksum(new Uint8Array())).toBe('811c9dc5');
  });
});
