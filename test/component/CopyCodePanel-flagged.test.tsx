import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CopyCodePanel } from '../../renderer/src/components/copycode/CopyCodePanel';
import { vp9OddFlaggedFrame } from '../support/flagged-reports';
import { recordedGpuReport } from '../support/memory-reports';

describe('CopyCodePanel on a frame the decoder’s witness flags', () => {
  it('NVDEC’s surface: the witness’s words stand as a warning above the corrected wrap, and in the facts', () => {
    render(<CopyCodePanel report={vp9OddFlaggedFrame('mapped-surface')} />);
    const note = screen.getByTestId('copycode-note');
    expect(note).toHaveTextContent("The decoder's witness flags this frame: NVDEC wrote UV 1 row (1024 bytes) after");
    expect(note).toHaveClass('warn');
    expect(screen.getByTestId('copycode-code')).toHaveTextContent(
      'basePtr = (NVCVByte *)frame->data[1] + zci_decoder_rows[1] * frame->linesize[1];',
    );
    expect(screen.getByTestId('copycode-fact-decoder')).toHaveTextContent('the code wraps it there');
    fireEvent.click(screen.getByTestId('copycode-tab-torch'));
    expect(screen.getByTestId('copycode-note')).toHaveTextContent("The decoder's witness flags this frame");
    expect(screen.getByTestId('copycode-code')).toHaveTextContent('DECODER_ROWS = [0, 1]');
  });

  it('FFmpeg’s copy: no code in any wrap tab, and the note says why and what to do', () => {
    render(<CopyCodePanel report={vp9OddFlaggedFrame('ffmpeg-copy')} />);
    for (const tab of ['c', 'cpp', 'python', 'torch']) {
      fireEvent.click(screen.getByTestId(`copycode-tab-${tab}`));
      expect(screen.queryByTestId('copycode-code')).toBeNull();
      expect(screen.getByTestId('copycode-none')).toBeInTheDocument();
      const note = screen.getByTestId('copycode-note');
      expect(note).toHaveClass('warn');
      expect(note).toHaveTextContent("it is FFmpeg's copy");
      expect(note).toHaveTextContent('AV_HWACCEL_FLAG_UNSAFE_OUTPUT');
    }
  });

  it('an unflagged frame’s note stays muted', () => {
    render(<CopyCodePanel report={recordedGpuReport('h264-odd-642x362.mp4', '2026-12-05-fd70bdb')} />);
    expect(screen.getByTestId('copycode-note')).toHaveClass('muted');
    expect(screen.queryByTestId('copycode-fact-decoder')).toBeNull();
  });
});
