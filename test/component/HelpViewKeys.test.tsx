import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpOverlay } from '../../renderer/src/components/help/HelpOverlay';

/** The rows of the help's table for a view, as "keys: words". */
function rowsOf(name: string): string[] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) => {
      const [keys, words] = within(row).getAllByRole('cell');
      const pressed = [...(keys?.querySelectorAll('kbd') ?? [])].map((kbd) => kbd.textContent).join(' ');
      return `${pressed}: ${words?.textContent ?? ''}`;
    });
}

describe('the keyboard help', () => {
  it('lists the probe’s keys: pin, move by a pixel, zoom, unpin', () => {
    render(<HelpOverlay onClose={() => undefined} />);
    const rows = rowsOf('Pixel probe (the view focused)');
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^click: pin the pixel/),
        '← ↑ → ↓: move the pin by one pixel',
        'Shift+arrows: move the pin by 8 pixels',
        expect.stringMatching(/^\+ −: zoom in and out/),
        expect.stringMatching(/^Escape: unpin/),
      ]),
    );
  });

  it('lists the hex view’s keys: select, extend, move, copy, clear', () => {
    render(<HelpOverlay onClose={() => undefined} />);
    const rows = rowsOf('Memory as hex (the bytes focused)');
    expect(rows).toEqual(
      expect.arrayContaining([
        'Shift+arrows: extend the selection',
        'Ctrl+C: copy the selection as hex',
        'Escape: clear the selection',
        'PageUp PageDown: move by 256 bytes',
      ]),
    );
  });
});
