import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ByteRule } from '../support/memory-reads';
import { hostYuv420p1080, recordedGpuReport } from '../support/memory-reports';
import { probeAt, renderViews } from './memory-views-setup';

// jsdom has no 2D canvas: the pixels are not drawn, the grid and the values over them are page elements.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** Luma in columns: dark (16) on even x, light (240) on odd x. */
const stripes: ByteRule = (plane, row, byte) => ({
  value: plane === 0 ? (byte % 2 === 0 ? 16 : 240) : 128,
  region: row < (plane === 0 ? 1080 : 540) ? 'visible' : 'coded-not-displayed',
});

function zoomIn(): void {
  fireEvent.keyDown(screen.getByTestId('probe-canvas'), { key: '+' });
}

function valueAt(x: number, y: number): HTMLElement | undefined {
  return screen
    .queryAllByTestId('probe-value')
    .find((label) => label.dataset.x === String(x) && label.dataset.y === String(y));
}

describe('the probe’s pixel grid and values', () => {
  it('draws no grid while the whole plane fits, a grid from 16×, and each pixel’s value from 32×', async () => {
    renderViews(hostYuv420p1080(), stripes);
    expect(Number(screen.getByTestId('probe-zoom').dataset.zoom)).toBeLessThan(16);
    expect(screen.queryByTestId('probe-grid')).toBeNull();

    probeAt(100, 50);
    expect(screen.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '16');
    expect(screen.getByTestId('probe-grid')).toHaveAttribute('data-zoom', '16');
    expect(screen.getByTestId('probe-grid').style.backgroundSize).toBe('16px 16px');
    await waitFor(() => expect(screen.getByTestId('probe-sample-0')).toBeInTheDocument());
    // At 16× a pixel is too small for its value.
    expect(screen.queryAllByTestId('probe-value')).toEqual([]);

    zoomIn();
    expect(screen.getByTestId('probe-grid')).toHaveAttribute('data-zoom', '32');
    await waitFor(() => expect(valueAt(100, 50)).toBeDefined());
    // The pinned pixel sits in the middle of the 640 × 360 view, its square 32 px on a side.
    const pin = valueAt(100, 50)!;
    expect(pin.style.width).toBe('32px');
    expect(Number.parseFloat(pin.style.left)).toBeCloseTo(320 - 16, 0);
    expect(pin).toHaveTextContent('16');
    expect(valueAt(101, 50)).toHaveTextContent('240');
    // Every pixel on screen is labelled: 20 across and 12 rows (the last partly) of the view.
    expect(screen.getAllByTestId('probe-value').length).toBeGreaterThanOrEqual(20 * 11);
  });

  it('writes light text on a dark sample and dark text on a light one', async () => {
    renderViews(hostYuv420p1080(), stripes);
    probeAt(100, 50);
    zoomIn();
    await waitFor(() => expect(valueAt(100, 50)).toBeDefined());
    expect(valueAt(100, 50)).toHaveAttribute('data-tone', 'light');
    expect(valueAt(100, 50)).toHaveClass('probe-value-light');
    expect(valueAt(101, 50)).toHaveAttribute('data-tone', 'dark');
    expect(valueAt(101, 50)).toHaveClass('probe-value-dark');
  });

  it('writes both samples of interleaved chroma, named, in a P010 pixel', async () => {
    const report = recordedGpuReport('hevc-main10-1280x720.mp4');
    const p010: ByteRule = (plane, row, byte) => {
      const word = plane === 0 ? 940 << 6 : (byte % 4 < 2 ? 512 : 600) << 6;
      return {
        value: byte % 2 === 0 ? word & 0xff : word >> 8,
        region: row < (plane === 0 ? 720 : 360) ? 'visible' : 'coded-not-displayed',
      };
    };
    renderViews(report, p010);
    fireEvent.click(screen.getByTestId('probe-plane-1'));
    probeAt(3, 2);
    zoomIn();
    await waitFor(() => expect(valueAt(3, 2)).toBeDefined());
    expect(valueAt(3, 2)).toHaveTextContent('U512V600');
    zoomIn();
    expect(screen.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '64');
    expect([...valueAt(3, 2)!.children].map((line) => line.textContent)).toEqual(['U 512', 'V 600']);
  });
});
