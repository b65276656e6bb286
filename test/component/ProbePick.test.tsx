import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { groupHex } from '../../renderer/src/format';
import { hostYuv420p1080 } from '../support/memory-reports';
import { fakeClipboard, probeAt, renderViews } from './memory-views-setup';

// jsdom has no 2D canvas: the view draws nothing, and the tests read the readout and the fields.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

const field = (axis: 'x' | 'y'): HTMLInputElement => screen.getByTestId<HTMLInputElement>(`probe-${axis}`);
const shown = (): { x: string | null; y: string | null; pinned: string | null } => {
  const xy = screen.getByTestId('probe-xy');
  return { x: xy.getAttribute('data-x'), y: xy.getAttribute('data-y'), pinned: xy.getAttribute('data-pinned') };
};

/** A click on the canvas at a point of the view (jsdom lays the canvas at the page's top-left corner). */
function clickAt(x: number, y: number): void {
  const canvas = screen.getByTestId('probe-canvas');
  fireEvent.pointerDown(canvas, { clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: x, clientY: y, pointerId: 1 });
}

describe('the probe’s x and y fields and its pin', () => {
  it('fields follow a pick made by a click and by the arrow keys', () => {
    renderViews(hostYuv420p1080());
    probeAt(100, 50);
    // At 16× the pinned pixel is centred: its square spans 312…328 across and 172…188 down the 640 × 360 view.
    clickAt(312 + 3 * 16 + 8, 180 + 2 * 16);
    expect(shown()).toEqual({ x: '103', y: '52', pinned: 'true' });
    expect(field('x').value).toBe('103');
    expect(field('y').value).toBe('52');
    const canvas = screen.getByTestId('probe-canvas');
    fireEvent.keyDown(canvas, { key: 'ArrowLeft' });
    fireEvent.keyDown(canvas, { key: 'ArrowUp', shiftKey: true });
    expect(shown()).toEqual({ x: '102', y: '44', pinned: 'true' });
    expect(field('x').value).toBe('102');
    expect(field('y').value).toBe('44');
  });

  it('typing a place moves the pin there; a place outside the plane is marked and moves nothing', () => {
    renderViews(hostYuv420p1080());
    probeAt(100, 50);
    fireEvent.change(field('x'), { target: { value: '7' } });
    expect(shown()).toEqual({ x: '7', y: '50', pinned: 'true' });
    fireEvent.change(field('y'), { target: { value: '1085' } });
    expect(shown()).toEqual({ x: '7', y: '1085', pinned: 'true' });
    // The plane is 1920 pixels across: 5000 is no place in it.
    fireEvent.change(field('x'), { target: { value: '5000' } });
    expect(field('x')).toHaveAttribute('aria-invalid', 'true');
    expect(shown()).toEqual({ x: '7', y: '1085', pinned: 'true' });
    fireEvent.change(field('x'), { target: { value: '1919' } });
    expect(field('x')).toHaveAttribute('aria-invalid', 'false');
    expect(shown()).toEqual({ x: '1919', y: '1085', pinned: 'true' });
  });

  it('Escape in the view unpins, and so does Escape on the page while no dialog is open', () => {
    renderViews(hostYuv420p1080());
    probeAt(100, 50);
    const canvas = screen.getByTestId('probe-canvas');
    fireEvent.keyDown(canvas, { key: 'Escape' });
    expect(screen.queryByTestId('probe-xy')).toBeNull();
    expect(screen.queryByTestId('probe-unpin')).toBeNull();
    // The fields keep the last pin's place.
    expect(field('x').value).toBe('100');

    fireEvent.click(screen.getByTestId('probe-go'));
    expect(shown().pinned).toBe('true');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('probe-xy')).toBeNull();
  });

  it('Escape on the page leaves the pin while a dialog is open (Escape is the dialog’s)', () => {
    renderViews(hostYuv420p1080());
    probeAt(100, 50);
    const dialog = render(<div role="dialog" aria-label="Help" />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(shown().pinned).toBe('true');
    dialog.unmount();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('probe-xy')).toBeNull();
  });

  it('the Unpin button shows while a pixel is pinned, drops the pin and gives the keys back to the view', () => {
    renderViews(hostYuv420p1080());
    expect(screen.queryByTestId('probe-unpin')).toBeNull();
    probeAt(100, 50);
    const unpin = screen.getByTestId('probe-unpin');
    expect(unpin).toHaveAccessibleName('Unpin the pixel at x 100, y 50 (Escape)');
    fireEvent.click(unpin);
    expect(screen.queryByTestId('probe-xy')).toBeNull();
    expect(screen.queryByTestId('probe-unpin')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('probe-canvas'));
  });

  it('Copy puts the readout on the clipboard as text: place, plane, offset, addresses, region and values', async () => {
    const clipboard = fakeClipboard();
    renderViews(hostYuv420p1080());
    probeAt(5, 1084);
    await waitFor(() => expect(screen.getByTestId('probe-sample-0')).toBeInTheDocument());
    await act(async () => {
      fireEvent.click(screen.getByTestId('probe-copy'));
      await Promise.resolve();
    });
    expect(screen.getByTestId('probe-copy-state')).toHaveTextContent('copied');
    const text = clipboard.last() ?? '';
    const value = (1084 * 7 + 5 * 3) & 0xff;
    const address = `0x${(0x7f0020000040n + 2081285n).toString(16)}`;
    expect(text.split('\n').slice(0, 7)).toEqual([
      'pixel: x 5, y 1084 · plane Y · pinned',
      'offset: row × pitch + x × bytes per pixel = 1084 × 1920 + 5 × 1 = 2081285',
      `FFmpeg: ${address} = data[0] + 2081285`,
      expect.stringMatching(/^NVCV: 0x[0-9a-f]+ = NVCV’s exported plane 0 \+ 2081285$/),
      'region: coded but not displayed',
      `raw: Y: 0x${value.toString(16).padStart(2, '0')} = ${value}`,
      'bits: one byte per sample: value = byte (8 bits)',
    ]);
    expect(text).toContain('RGB: not a displayed pixel');
    // The screen groups the address's digits; the clipboard has it whole, for a debugger.
    expect(screen.getByTestId('probe-ffmpeg-address')).toHaveTextContent(groupHex(address));
  });
});
