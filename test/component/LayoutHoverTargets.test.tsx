import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LayoutPanel } from '../../renderer/src/components/layout/LayoutPanel';
import { hostYuv420p1080 } from '../support/memory-reports';

const rows = (element: Element) => {
  const y = Number(element.getAttribute('y'));
  return { top: y, bottom: y + Number(element.getAttribute('height')) };
};

describe('the layout drawing’s hover bands on a software frame', () => {
  it('stacks the bands of the hidden rows and the bytes after them, each over its own block, none overlapping', () => {
    render(<LayoutPanel report={hostYuv420p1080()} codec="h264" />);
    const kinds = ['coded-rows', 'allocator-rows', 'tail'];
    const bands = kinds.map((kind) => rows(screen.getByTestId(`layout-target-${kind}-0`)));
    for (let i = 1; i < bands.length; i += 1) expect(bands[i]!.top).toBeGreaterThanOrEqual(bands[i - 1]!.bottom);
    // The hidden rows' bands cover their own rows, so the pointer on them finds them.
    for (const kind of ['coded-rows', 'allocator-rows']) {
      const block = rows(screen.getByTestId(`layout-block-${kind}-0`));
      const band = rows(screen.getByTestId(`layout-target-${kind}-0`));
      expect(band.top, kind).toBeLessThanOrEqual(block.top);
      expect(band.bottom, kind).toBeGreaterThanOrEqual(block.bottom);
    }
    fireEvent.mouseEnter(screen.getByTestId('layout-target-allocator-rows-0'));
    expect(screen.getByTestId('layout-tooltip')).toHaveTextContent('Y · allocator padding · bytes 2088960…2092800');
  });
});
