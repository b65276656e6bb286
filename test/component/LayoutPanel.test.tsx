import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LayoutPanel } from '../../renderer/src/components/layout/LayoutPanel';
import { hostYuv420p1080, recordedGpuReport } from '../support/memory-reports';
import { noNvcvFrame, paddedNv12Device } from '../support/reports';

describe('LayoutPanel', () => {
  it('draws the padded frame to scale in a drawing that fills its column', () => {
    render(<LayoutPanel report={paddedNv12Device()} codec="h264" />);
    const svg = screen.getByTestId('layout-svg');
    expect(svg.getAttribute('viewBox')).toBe(`0 0 2048 ${1088 + 544}`);
    expect(svg.getAttribute('preserveAspectRatio')).toBe('none');
    const coded = screen.getByTestId('layout-block-coded-rows-0');
    expect(coded.getAttribute('y')).toBe('1080');
    expect(coded.getAttribute('height')).toBe('8');
    expect(coded).toHaveAttribute('data-region', 'coded-not-displayed');
    expect(screen.getByTestId('layout-block-padding-0')).toHaveAttribute('data-region', 'right-padding');
    expect(screen.getByTestId('layout-block-hidden-0')).toContainElement(coded);
    expect(screen.queryByTestId('layout-block-allocator-rows-0')).toBeNull();
    expect(screen.getByTestId('layout-block-padding-0').getAttribute('width')).toBe('128');
    expect(screen.getByTestId('hidden-rows-0')).toHaveTextContent(
      '8 hidden rows after: 8 coded but not displayed + 0 allocator padding',
    );
    expect(screen.getByTestId('plane-facts-0')).toHaveTextContent('1920 B visible + 128 B right padding = pitch 2048');
    expect(screen.getByTestId('plane-where-1')).toHaveTextContent('offset 2228224 from plane 0');
  });

  it('puts a row axis beside the drawing, merging the ticks 8 rows apart', () => {
    render(<LayoutPanel report={paddedNv12Device()} codec="h264" />);
    const ticks = within(screen.getByTestId('layout-axis')).getAllByTestId('layout-tick');
    expect(ticks.map((tick) => tick.textContent)).toEqual([
      'Y row 0',
      'Y 1080 display\nY 1088 coded\nUV row 0',
      'UV 540 display\nUV 544 coded\nallocation end',
    ]);
    expect(ticks.map((tick) => tick.dataset.row)).toEqual(['0', '1080', '1628']);
    // Labels are HTML beside the drawing, never text inside the SVG that it could clip.
    expect(screen.getByTestId('layout-svg').querySelector('text')).toBeNull();
    expect(screen.getByTestId('layout-labels')).toHaveTextContent('← 8 coded but not displayed rows');
  });

  it('gives a band of 8 rows out of 1632 a hover target tall enough to point at', () => {
    render(<LayoutPanel report={paddedNv12Device()} codec="h264" />);
    const target = screen.getByTestId('layout-target-coded-rows-0');
    expect(Number(target.getAttribute('height'))).toBeGreaterThan(8);
    fireEvent.mouseEnter(target);
    expect(screen.getByTestId('layout-tooltip')).toHaveTextContent(
      `Y · coded but not displayed (rows) · bytes ${2048 * 1080}…${2048 * 1087 + 1920} from the allocation’s first byte · 8 rows × 1920 B`,
    );
    fireEvent.mouseLeave(target);
    expect(screen.getByTestId('layout-tooltip')).toHaveTextContent('Hover a block');
  });

  it('magnifies each plane’s end: one band per row, hidden rows named, the next plane at rows × pitch', () => {
    render(<LayoutPanel report={paddedNv12Device()} codec="h264" />);
    const inset = screen.getByTestId('inset-0');
    expect(within(inset).getByTestId('inset-row-0-1079')).toHaveAttribute('data-region', 'visible');
    for (let row = 1080; row < 1088; row += 1) {
      expect(within(inset).getByTestId(`inset-row-0-${row}`)).toHaveAttribute('data-region', 'coded-not-displayed');
    }
    expect(within(inset).getByTestId('inset-row-0-1080')).toHaveTextContent('coded but not displayed');
    expect(within(inset).getByTestId('inset-row-1-0')).toHaveAttribute('data-region', 'next-plane');
    expect(screen.getByTestId('inset-end-0')).toHaveTextContent('UV starts at byte 2228224 = 1088 × 2048');
    fireEvent.mouseEnter(within(screen.getByTestId('inset-row-0-1084')).getByRole('img'));
    expect(screen.getByTestId('layout-tooltip')).toHaveTextContent(
      `Y row 1084 · coded but not displayed · bytes ${1084 * 2048}…${1085 * 2048}`,
    );
  });

  it('says why 1080 becomes 1088 and why 642 becomes 656, keyed on the codec', () => {
    const first = render(<LayoutPanel report={paddedNv12Device()} codec="h264" />);
    expect(screen.getByTestId('reason-rows')).toHaveTextContent(
      'H.264 codes whole 16×16 macroblocks: 1080 rows become 1088',
    );
    expect(screen.getByTestId('reason-right-padding')).toHaveTextContent('aligns every row to its pitch (2048 B)');
    first.unmount();
    render(<LayoutPanel report={recordedGpuReport('h264-odd-642x362.mp4')} codec="h264" />);
    expect(screen.getByTestId('reason-columns')).toHaveTextContent('642 columns become 656');
    expect(screen.getByTestId('plane-facts-0')).toHaveTextContent(
      '642 B visible + 14 B coded but not displayed + 368 B right padding = pitch 1024',
    );
  });

  it('splits host frames’ hidden rows and gives planes apart their own allocation, never a difference of addresses', () => {
    render(<LayoutPanel report={hostYuv420p1080()} codec="h264" />);
    expect(screen.getByTestId('hidden-rows-0')).toHaveTextContent(
      '10 hidden rows after: 8 coded but not displayed + 2 allocator padding',
    );
    expect(screen.getByTestId('layout-block-allocator-rows-0').getAttribute('height')).toBe('2');
    expect(screen.getByTestId('layout-block-allocator-rows-0')).toHaveAttribute('data-region', 'allocator-padding');
    expect(screen.getByTestId('layout-block-tail-0')).toHaveAttribute('data-region', 'outside-planes');
    expect(screen.getByTestId('reason-allocator')).toHaveTextContent(
      'Y: FFmpeg’s frame pool made the buffer 2 rows taller',
    );
    expect(screen.getByTestId('plane-where-1')).toHaveTextContent('separate allocation at 0x7f00_1000_0040');
    expect(screen.getByTestId('plane-facts-1')).not.toHaveTextContent('offset -');
    expect(screen.getByTestId('separate-allocations')).toBeVisible();
    expect(screen.getByTestId('inset-end-0')).toHaveTextContent(
      'Y’s allocation ends: 2092800 = 1090 × 1920 + 79 B outside any plane',
    );
    expect(screen.getByTestId('inset-separate-1')).toHaveTextContent('U lies in a separate allocation');
    expect(screen.getByTestId('derived-split')).toBeVisible();
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
