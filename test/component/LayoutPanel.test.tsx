import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LayoutPanel } from '../../renderer/src/components/layout/LayoutPanel';
import { noNvcvFrame, paddedNv12Device } from '../support/reports';

describe('LayoutPanel', () => {
  it('draws the padded frame to scale with its hidden rows and padding', () => {
    render(<LayoutPanel report={paddedNv12Device()} />);
    const svg = screen.getByTestId('layout-svg');
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${2048 * 1.6} ${1088 + 540 + 4}`);
    expect(screen.getByTestId('tail-label-1')).toHaveTextContent('4 more rows');
    const hidden = screen.getByTestId('layout-block-hidden-0');
    expect(hidden.getAttribute('y')).toBe('1080');
    expect(hidden.getAttribute('height')).toBe('8');
    expect(screen.getByTestId('layout-block-padding-0').getAttribute('width')).toBe('128');
    expect(screen.getByTestId('hidden-label-0')).toHaveTextContent('8 hidden rows');
    expect(screen.getByTestId('hidden-rows-0')).toHaveTextContent('8 hidden rows after');
    expect(screen.getByTestId('plane-facts-0')).toHaveTextContent('1920 B visible + 128 B padding = pitch 2048');
  });

  it('shows byte offsets on hover', () => {
    render(<LayoutPanel report={paddedNv12Device()} />);
    fireEvent.mouseEnter(screen.getByTestId('layout-block-hidden-0'));
    expect(screen.getByTestId('layout-tooltip')).toHaveTextContent(
      `hidden rows · bytes ${2048 * 1080}…${2048 * 1088} from plane 0 · 8 rows × 2048 B`,
    );
    fireEvent.mouseLeave(screen.getByTestId('layout-block-hidden-0'));
    expect(screen.getByTestId('layout-tooltip')).toHaveTextContent('Hover a block');
  });

  it('gives the wrap verdicts, with the reason the single tensor is invalid', () => {
    render(<LayoutPanel report={paddedNv12Device()} />);
    expect(screen.getByTestId('verdict-image-badge')).toHaveTextContent('NVCV image: valid');
    expect(screen.getByTestId('nvcv-format')).toHaveTextContent('NVCV_IMAGE_FORMAT_NV12');
    expect(screen.getByTestId('verdict-tensor-badge')).toHaveTextContent('single tensor: invalid');
    expect(screen.getByTestId('tensor-reason')).toHaveTextContent('assumes chroma at row 1080; it starts at row 1088');
  });

  it('says the image was not wrapped when NVCV is missing', () => {
    render(<LayoutPanel report={noNvcvFrame()} />);
    expect(screen.getByTestId('verdict-image-badge')).toHaveTextContent('NVCV image: not wrapped');
    expect(screen.getByTestId('wrap-reason')).toHaveTextContent('libnvcv_types.so not found');
    expect(screen.getByTestId('verdict-tensor-badge')).toHaveTextContent('not tried');
  });
});
