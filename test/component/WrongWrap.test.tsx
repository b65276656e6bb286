import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HelpOverlay } from '../../renderer/src/components/help/HelpOverlay';
import { actionFor } from '../../renderer/src/components/help/shortcuts';
import { checksum } from '../../renderer/src/components/operators/rgb';
import type { RgbPixels } from '../../renderer/src/components/wrongwrap/pixels';
import { WrongWrapCompare } from '../../renderer/src/components/wrongwrap/WrongWrapCompare';

// jsdom has no 2D canvas; the canvases then draw nothing, and the tests read their data attributes instead.
beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** 32×18 picture: grey above row 9, a colour below it (the naive one gets its colour 2 rows late). */
function bands(colourFrom: number, colour: [number, number, number]): RgbPixels {
  const width = 32;
  const height = 18;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) rgb.set(y < colourFrom ? [128, 128, 128] : colour, (y * width + x) * 3);
  }
  return { width, height, rgb };
}

const correct = bands(9, [200, 30, 40]);
const naive = bands(11, [200, 30, 40]);

function compare(a: RgbPixels, b: RgbPixels) {
  render(
    <WrongWrapCompare
      naive={a}
      correct={b}
      naiveCaption="naive 1.5×H tensor (chroma read from row 1080)"
      correctCaption="wrapped plane by plane (correct)"
      size="panel"
    />,
  );
}

const slots = () => screen.getByTestId('wrong-wrap-pictures').querySelectorAll('figure[data-showing]');

describe('WrongWrapCompare', () => {
  it('states the PSNR verdict with its bar, the difference with its gain, and where the crop was taken', () => {
    compare(naive, correct);
    const verdict = screen.getByTestId('wrong-wrap-verdict');
    expect(verdict).toHaveAttribute('data-tone', 'bad');
    expect(verdict).toHaveTextContent(/naive wrap: \d+\.\d dB against the correct picture — visibly wrong/);
    expect(screen.getByTestId('wrong-wrap-compare')).toHaveTextContent('under 35 dB the difference is plain to see');
    // Rows 9 and 10 differ: 64 of 576 pixels.
    expect(screen.getByTestId('wrong-wrap-diff-caption')).toHaveTextContent(
      '|naive − correct| × 8 · 64 of 576 pixels differ',
    );
    expect(screen.getByTestId('wrong-wrap-diff')).toHaveAttribute('width', '32');
    expect(screen.getByTestId('wrong-wrap-crop-position')).toHaveTextContent(
      "8× crop (nearest neighbour) of x 0–23, y 1–16 of 32×18, at the correct picture's strongest colour edge: rows 8/9, column 0",
    );
    expect(screen.getByTestId('wrong-wrap-crop-naive')).toHaveAttribute('width', String(24 * 8));
  });

  it('swaps the naive and the correct picture in place, and back', () => {
    compare(naive, correct);
    const naiveSum = checksum(naive.rgb);
    const correctSum = checksum(correct.rgb);
    const first = () => slots()[0]!.querySelector('canvas')!;
    expect(slots()[0]).toHaveAttribute('data-showing', 'naive');
    expect(first()).toHaveAttribute('data-checksum', naiveSum);
    fireEvent.click(screen.getByTestId('wrong-wrap-flicker'));
    expect(screen.getByTestId('wrong-wrap-flicker')).toHaveAttribute('aria-pressed', 'true');
    expect(slots()[0]).toHaveAttribute('data-showing', 'correct');
    expect(first()).toHaveAttribute('data-checksum', correctSum);
    expect(slots()[0]).toHaveTextContent('✓ wrapped plane by plane (correct)');
    expect(screen.getByTestId('wrong-wrap-crop').querySelector('figure')).toHaveAttribute('data-showing', 'correct');
    fireEvent.click(screen.getByTestId('wrong-wrap-flicker'));
    expect(first()).toHaveAttribute('data-checksum', naiveSum);
  });

  it('says so when the naive view happens to be right on a frame', () => {
    compare(correct, correct);
    expect(screen.getByTestId('wrong-wrap-verdict')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('wrong-wrap-verdict')).toHaveTextContent(
      'naive wrap: equal to the correct picture on this frame — the naive view happens to be right',
    );
    expect(screen.getByTestId('wrong-wrap-diff-caption')).toHaveTextContent('0 of 576 pixels differ');
  });

  it('says there is nothing to subtract when the pictures differ in size', () => {
    compare(naive, { width: 16, height: 9, rgb: new Uint8Array(16 * 9 * 3) });
    expect(screen.getByTestId('wrong-wrap-verdict-missing')).toHaveTextContent('32×18 and 16×9');
    expect(screen.queryByTestId('wrong-wrap-diff')).toBeNull();
  });
});

describe('the flicker shortcut', () => {
  it('is f, is listed in the help overlay, and is not taken from a text field', () => {
    const key = { key: 'f', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false };
    expect(actionFor(key, false)).toBe('flicker');
    expect(actionFor(key, true)).toBeNull();
    expect(actionFor({ ...key, ctrlKey: true }, false)).toBeNull();
    render(<HelpOverlay onClose={() => undefined} />);
    expect(screen.getByTestId('help-overlay')).toHaveTextContent(
      'A/B flicker: swap the naive and the correct picture in place',
    );
  });
});
