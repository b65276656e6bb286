import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyCodePanel } from '../../renderer/src/components/copycode/CopyCodePanel';
import { hostYuv420p1080, recordedGpuReport } from '../support/memory-reports';

const nv12 = () => recordedGpuReport('h264-1080p-420.mp4', '2026-11-30-134c932');

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('CopyCodePanel', () => {
  it('shows the C wrap of this frame with the facts it depends on', () => {
    render(<CopyCodePanel report={nv12()} />);
    expect(screen.getByTestId('copycode-verdict')).toHaveTextContent('zero copy');
    const code = screen.getByTestId('copycode-code');
    expect(code).toHaveTextContent('data.buffer.strided.planes[1].height = 540;');
    expect(code).toHaveTextContent('nvcvImageWrapDataConstruct(&data, zci_release_frame, ref, out)');
    expect(screen.getByTestId('copycode-fact-pitches')).toHaveTextContent('2048 B, 2048 B');
    expect(screen.getByTestId('copycode-fact-pointers')).toHaveTextContent('0x205600000, 0x205820000');
    expect(screen.getByTestId('copycode-fact-heights')).toHaveTextContent('1080, 540');
    expect(screen.getByTestId('copycode-fact-single-tensor')).toHaveTextContent('valid over 1632 coded rows');
    expect(screen.getByTestId('copycode-note')).toHaveTextContent("the project's declarations of that API");
  });

  it('switches ecosystems: the C++ tab says it is the C API from C++, the naive tab names the 8 hidden rows', () => {
    render(<CopyCodePanel report={nv12()} />);
    fireEvent.click(screen.getByTestId('copycode-tab-cpp'));
    expect(screen.getByTestId('copycode-note')).toHaveTextContent("NVCV's C API called from C++");
    expect(screen.getByTestId('copycode-code')).toHaveTextContent('std::unique_ptr<NVCVImage, ImageDecRef>');
    fireEvent.click(screen.getByTestId('copycode-tab-naive'));
    expect(screen.getByTestId('copycode-code')).toHaveTextContent('WRONG: reads 8 rows');
  });

  it('copies the code shown and says so; a refused clipboard gets a fallback message', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(<CopyCodePanel report={nv12()} />);
    fireEvent.click(screen.getByTestId('copycode-tab-python'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('copycode-copy'));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(screen.getByTestId('copycode-code').textContent);
    expect(screen.getByTestId('copycode-copy')).toHaveTextContent('Copied');
    expect(screen.getByTestId('copycode-copy-state')).toHaveTextContent('copied to the clipboard');

    stubClipboard(() => Promise.reject(new Error('NotAllowedError')));
    fireEvent.click(screen.getByTestId('copycode-tab-torch'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('copycode-copy'));
      await Promise.resolve();
    });
    expect(screen.getByTestId('copycode-copy-state')).toHaveTextContent('the clipboard refused');
  });

  it('a host frame: zero copy impossible, the upload named, no Python code pretending otherwise', () => {
    render(<CopyCodePanel report={hostYuv420p1080()} />);
    expect(screen.getByTestId('copycode-verdict')).toHaveTextContent('zero copy impossible');
    expect(screen.getByTestId('copycode-code')).toHaveTextContent('av_hwframe_transfer_data');
    fireEvent.click(screen.getByTestId('copycode-tab-python'));
    expect(screen.queryByTestId('copycode-code')).toBeNull();
    expect(screen.getByTestId('copycode-note')).toHaveTextContent('its planes are in host memory');
    expect(screen.getByTestId('copycode-none')).toHaveTextContent('No Python (CV-CUDA) code for this frame.');
  });

  it('says "no code: the format was not recorded" for a recorder wrap, never "impossible"', () => {
    // A correct NV12 nvcv.Image wrap as the recorder reports it: wrapped, no NVCV format code taken.
    const report = nv12();
    report.wrap = { ...report.wrap, available: true, formatName: null, formatCode: null };
    render(<CopyCodePanel report={report} />);
    expect(screen.getByTestId('copycode-verdict')).toHaveTextContent('no code: the format was not recorded');
    expect(screen.getByTestId('copycode-verdict')).not.toHaveTextContent('impossible');
    expect(screen.getByTestId('copycode-none')).toBeInTheDocument();
    expect(screen.getByTestId('copycode-note')).toHaveTextContent(/^No code: the format was not recorded\./);
  });
});
