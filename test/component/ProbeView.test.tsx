import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ByteRule } from '../support/memory-reads';
import { recordedGpuReport } from '../support/memory-reports';
import { probeAt, renderViews } from './memory-views-setup';

// jsdom has no 2D canvas: the pixels are not drawn; the values written over them and the control are page elements.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** P010 on the H200: luma 940 everywhere; chroma U 512 and V 600 on even pixels, U 520 and V 610 on odd ones. */
const p010: ByteRule = (plane, row, byte) => {
  const pixel = Math.floor(byte / 4);
  const chroma = byte % 4 < 2 ? (pixel % 2 === 0 ? 512 : 520) : pixel % 2 === 0 ? 600 : 610;
  const word = (plane === 0 ? 940 : chroma) << 6;
  return {
    value: byte % 2 === 0 ? word & 0xff : word >> 8,
    region: row < (plane === 0 ? 720 : 360) ? 'visible' : 'coded-not-displayed',
  };
};

function valueAt(x: number, y: number): HTMLElement | undefined {
  return screen
    .queryAllByTestId('probe-value')
    .find((label) => label.dataset.x === String(x) && label.dataset.y === String(y));
}

/** Opens the P010 frame's chroma plane at 32× about pixel (4, 2). */
async function chromaAt32(): Promise<void> {
  renderViews(recordedGpuReport('hevc-main10-1280x720.mp4'), p010);
  fireEvent.click(screen.getByTestId('probe-plane-1'));
  probeAt(4, 2);
  fireEvent.keyDown(screen.getByTestId('probe-canvas'), { key: '+' });
  await waitFor(() => expect(valueAt(4, 2)).toBeDefined());
}

describe('the probe’s channel and range views', () => {
  it('writes the chosen channel’s values at 32×: U and V, U only, V only', async () => {
    await chromaAt32();
    expect(screen.getByTestId('probe-channel-all')).toHaveAttribute('aria-pressed', 'true');
    expect(valueAt(4, 2)).toHaveTextContent('U512V600');
    expect(screen.queryByTestId('probe-view-said')).toBeNull();
    fireEvent.click(screen.getByTestId('probe-channel-0'));
    expect(screen.getByTestId('probe-channel-0')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('probe-channel-all')).toHaveAttribute('aria-pressed', 'false');
    expect(valueAt(4, 2)).toHaveTextContent(/^512$/);
    expect(valueAt(5, 2)).toHaveTextContent(/^520$/);
    fireEvent.click(screen.getByTestId('probe-channel-1'));
    expect(valueAt(4, 2)).toHaveTextContent(/^600$/);
    expect(screen.getByTestId('probe-view-said')).toHaveTextContent('drawn: V only');
    // The readout keeps the raw facts: both samples, whatever the view.
    expect(screen.getByTestId('probe-sample-0')).toHaveAttribute('data-value', '512');
    expect(screen.getByTestId('probe-sample-1')).toHaveAttribute('data-value', '600');
  });

  it('word as stored writes the word in hex; stretch says the span it maps', async () => {
    await chromaAt32();
    expect(screen.getByTestId('probe-repr-value')).toHaveTextContent('value (P010 >> 6)');
    expect(screen.getByTestId('probe-repr-value')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('probe-channel-1'));
    fireEvent.click(screen.getByTestId('probe-repr-word'));
    expect(valueAt(4, 2)).toHaveTextContent(/^0x9600$/);
    expect(screen.getByTestId('probe-view-said')).toHaveTextContent('drawn: V only, words as stored');
    expect(valueAt(4, 2)!.style.fontSize).toBe('8px');
    fireEvent.click(screen.getByTestId('probe-range-stretch'));
    // V's words of the tiles read: 600 << 6 and 610 << 6.
    const stretch = screen.getByTestId('probe-stretch');
    expect(stretch).toHaveAttribute('data-min', String(600 << 6));
    expect(stretch).toHaveAttribute('data-max', String(610 << 6));
    expect(stretch).toHaveTextContent('stretch 0x9600…0x9880 → 0…255');
    fireEvent.click(screen.getByTestId('probe-repr-value'));
    expect(screen.getByTestId('probe-stretch')).toHaveTextContent('stretch 600…610 → 0…255');
    fireEvent.click(screen.getByTestId('probe-range-full'));
    expect(screen.queryByTestId('probe-stretch')).toBeNull();
  });

  it('a one-component plane is its own channel and says so; the choice stays for the chroma plane', async () => {
    await chromaAt32();
    fireEvent.click(screen.getByTestId('probe-channel-1'));
    fireEvent.click(screen.getByTestId('probe-plane-0'));
    expect(screen.queryByTestId('probe-channel-0')).toBeNull();
    expect(screen.getByTestId('probe-channel-one')).toHaveTextContent('channel: Y (one component)');
    fireEvent.click(screen.getByTestId('probe-plane-1'));
    expect(screen.getByTestId('probe-channel-1')).toHaveAttribute('aria-pressed', 'true');
  });

  it('is one Tab stop: the arrow keys, Home and End move between its buttons', async () => {
    await chromaAt32();
    const buttons = screen.getByTestId('probe-view').querySelectorAll('button');
    expect([...buttons].map((b) => b.textContent)).toEqual([
      'U and V',
      'U only',
      'V only',
      'full scale',
      'stretch',
      'value (P010 >> 6)',
      'word as stored',
    ]);
    expect([...buttons].map((b) => b.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1', '-1']);
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[6]);
    expect(buttons[6]).toHaveAttribute('tabindex', '0');
    expect(buttons[0]).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(buttons[6]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });
});
