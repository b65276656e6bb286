import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hostYuv420p1080 } from '../support/memory-reports';
import { fakeClipboard, hostRule, probeAt, renderViews } from './memory-views-setup';

const scrolled = vi.fn();
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // jsdom lays nothing out and has no scrollIntoView: the calls are recorded instead.
  Element.prototype.scrollIntoView = scrolled;
});

/** Luma's byte at an offset from the plane's first byte (pitch 1920), as the made-up frame holds it. */
const luma = (offset: number): number => hostRule(0, Math.floor(offset / 1920), offset % 1920).value;
const hex2 = (value: number): string => value.toString(16).padStart(2, '0');
const cell = (offset: number): HTMLElement => screen.getByTestId(`hex-cell-${offset}`);

function goTo(text: string): void {
  fireEvent.change(screen.getByTestId('hex-offset'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('hex-go'));
}

async function readCell(offset: number): Promise<HTMLElement> {
  await waitFor(() => expect(cell(offset)).toHaveAttribute('data-region'));
  return cell(offset);
}

/** Clicks a button whose work ends on the clipboard, after its reads. */
async function press(testId: string): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the hex view', () => {
  it('goes to an offset typed in decimal, in hex, or as an address, and says why another is not one', async () => {
    const report = hostYuv420p1080();
    renderViews(report);
    goTo('0x105');
    // The offset's line is the window's fourth: 16 lines of 16 bytes from 0xd0.
    expect(screen.getByTestId('hex-table')).toHaveAttribute('data-start', String(0x105 - 5 - 48));
    expect(await readCell(0x105)).toHaveTextContent(hex2(luma(0x105)));
    expect(cell(0x105)).toHaveAttribute('data-target', 'true');
    expect(cell(0x105)).toHaveAttribute('data-selected', 'true');
    expect(cell(0x105)).toHaveAttribute('data-region', 'visible');

    goTo('4000');
    expect(await readCell(4000)).toHaveAttribute('data-target', 'true');
    const pointer = BigInt(report.planes[0]!.ffmpegPointer);
    goTo(`0x${(pointer + 5000n).toString(16)}`);
    expect(await readCell(5000)).toHaveAttribute('data-target', 'true');
    expect(screen.getByTestId('hex-offset')).toHaveValue('0x00001388');

    goTo('zz');
    expect(screen.getByTestId('hex-offset-error')).toHaveTextContent('“zz” is not an offset');
    expect(screen.getByTestId('hex-offset')).toHaveAttribute('aria-invalid', 'true');
    goTo('99999999');
    expect(screen.getByTestId('hex-offset-error')).toHaveTextContent('lies past plane Y: its offsets run 0 to 2092878');
  });

  it('reads the units as bytes, little-endian 16-bit words or P010’s 10 high bits', async () => {
    renderViews(hostYuv420p1080());
    expect(screen.getByTestId('hex-as-u8')).toHaveAttribute('aria-pressed', 'true');
    goTo('0x104');
    expect(await readCell(0x104)).toHaveTextContent(hex2(luma(0x104)));
    expect(cell(0x105)).toHaveTextContent(hex2(luma(0x105)));
    const word = (luma(0x105) << 8) | luma(0x104);
    // The unit at the caret, every way at once.
    expect(screen.getByTestId('hex-inspect')).toHaveTextContent(
      `at 0x00000104: u8 ${luma(0x104)} (0x${hex2(luma(0x104))}) · u16 LE ${word} (0x${word
        .toString(16)
        .padStart(4, '0')}) · P010 ${word >> 6} · visible`,
    );
    fireEvent.click(screen.getByTestId('hex-as-u16'));
    expect(screen.getByTestId('hex-table')).toHaveAttribute('data-interpretation', 'u16');
    expect(cell(0x104)).toHaveTextContent(word.toString(16).padStart(4, '0'));
    expect(screen.queryByTestId('hex-cell-261')).toBeNull();
    fireEvent.click(screen.getByTestId('hex-as-p010'));
    expect(cell(0x104)).toHaveTextContent(String(word >> 6));
    expect(cell(0x104)).toHaveAttribute(
      'title',
      expect.stringContaining(`word 0x${word.toString(16).padStart(4, '0')} · ${word >> 6}`),
    );
  });

  it('selects with Shift and the arrows across a row’s end, and copies the bytes as hex and as values', async () => {
    const clipboard = fakeClipboard();
    renderViews(hostYuv420p1080());
    goTo('1918');
    const grid = screen.getByTestId('hex-grid');
    for (let i = 0; i < 3; i += 1) fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true });
    expect(screen.getByTestId('hex-selection')).toHaveTextContent(
      '4 B selected: 0x0000077e to 0x00000781 · starts at row 0, byte 1918 (pixel x 1918, y 0)',
    );
    // The next row of the pitch starts at 1920, and is marked.
    expect(await readCell(1921)).toHaveAttribute('data-selected', 'true');
    expect(cell(1920)).toHaveClass('hex-row-start');
    expect(cell(1922)).toHaveAttribute('data-selected', 'false');
    const bytes = [1918, 1919, 1920, 1921].map(luma);
    await press('hex-copy-hex');
    expect(clipboard.last()).toBe(bytes.map(hex2).join(' '));
    expect(screen.getByTestId('hex-copy-state')).toHaveTextContent('copied');
    fireEvent.click(screen.getByTestId('hex-as-u16'));
    await press('hex-copy-values');
    expect(clipboard.last()).toBe(`${(bytes[1]! << 8) | bytes[0]!} ${(bytes[3]! << 8) | bytes[2]!}`);
    // Ctrl+C in the bytes copies the selection as hex.
    fireEvent.click(screen.getByTestId('hex-as-u8'));
    await act(async () => {
      fireEvent.keyDown(grid, { key: 'c', ctrlKey: true });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(clipboard.last()).toBe(bytes.map(hex2).join(' '));
    // Escape clears the selection.
    fireEvent.keyDown(grid, { key: 'Escape' });
    expect(screen.getByTestId('hex-selection')).toHaveTextContent('Nothing selected');
  });

  it('selects by dragging across bytes and extends with Shift+click', async () => {
    renderViews(hostYuv420p1080());
    goTo('0x100');
    await readCell(0x100);
    fireEvent.mouseDown(cell(0x102), { button: 0 });
    fireEvent.mouseOver(cell(0x107));
    fireEvent.mouseUp(window);
    expect(screen.getByTestId('hex-selection')).toHaveTextContent('6 B selected: 0x00000102 to 0x00000107');
    fireEvent.mouseDown(cell(0x111), { button: 0, shiftKey: true });
    fireEvent.mouseUp(window);
    expect(screen.getByTestId('hex-selection')).toHaveTextContent('16 B selected: 0x00000102 to 0x00000111');
  });

  it('shows the probe’s pixel as its bytes, highlighted and scrolled into view, and probes a selected byte', async () => {
    renderViews(hostYuv420p1080());
    probeAt(5, 1084);
    await waitFor(() => expect(screen.getByTestId('probe-sample-0')).toBeInTheDocument());
    scrolled.mockClear();
    fireEvent.click(screen.getByTestId('probe-show-hex'));
    const offset = 1084 * 1920 + 5;
    expect(await readCell(offset)).toHaveAttribute('data-target', 'true');
    expect(cell(offset)).toHaveTextContent(hex2(Number(screen.getByTestId('probe-sample-0').dataset.value)));
    expect(cell(offset)).toHaveAttribute('data-region', 'coded-not-displayed');
    expect(screen.getByTestId('hex-offset')).toHaveValue(`0x${offset.toString(16).padStart(8, '0')}`);
    expect(scrolled.mock.contexts).toContain(cell(offset));

    // Back the other way: a byte three rows on, ten bytes in, is pixel (10, 1087) of luma.
    goTo(String(1087 * 1920 + 10));
    fireEvent.click(screen.getByTestId('hex-probe'));
    await waitFor(() => expect(screen.getByTestId('probe-xy')).toHaveAttribute('data-x', '10'));
    expect(screen.getByTestId('probe-xy')).toHaveAttribute('data-y', '1087');
    expect(screen.getByTestId('probe-xy')).toHaveAttribute('data-pinned', 'true');
  });
});
