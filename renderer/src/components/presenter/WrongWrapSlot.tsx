/** The wrong-wrap picture beside the right one: what a naive single-tensor wrap shows, and the frame as it is. */
import { RIGHT_WRAP_OPERATOR, WRONG_WRAP_OPERATOR } from '../../../../electron/common/capture';
import type { CapturedOperatorWire } from '../../../../electron/common/contract';

/** A picture to show, with its caption. */
export interface Picture {
  src: string;
  caption: string;
}

/** The two pictures, or null when the frame has none (the slot then takes no space). */
export interface WrongWrapPair {
  wrong: Picture;
  right: Picture;
}

/** Finds the wrong-wrap and right-wrap previews among a frame's operators. */
export function wrongWrapPair(operators: readonly CapturedOperatorWire[]): WrongWrapPair | null {
  const wrong = operators.find((op) => op.name === WRONG_WRAP_OPERATOR);
  const right = operators.find((op) => op.name === RIGHT_WRAP_OPERATOR);
  if (wrong === undefined || right === undefined) return null;
  const row =
    typeof wrong.params.assumedChromaRow === 'number' ? ` (chroma read from row ${wrong.params.assumedChromaRow})` : '';
  return {
    wrong: { src: `data:image/png;base64,${wrong.png}`, caption: `naive 1.5×H tensor${row}` },
    right: { src: `data:image/png;base64,${right.png}`, caption: 'wrapped plane by plane (correct)' },
  };
}

/** Props of WrongWrapSlot. */
export interface WrongWrapSlotProps {
  pair: WrongWrapPair | null;
}

/** The slot: nothing at all when there is no pair. */
export function WrongWrapSlot({ pair }: WrongWrapSlotProps) {
  if (pair === null) return null;
  return (
    <div className="wrong-wrap" data-testid="wrong-wrap">
      <figure className="wrong">
        <img src={pair.wrong.src} alt="what the naive wrap shows" />
        <figcaption>✗ {pair.wrong.caption}</figcaption>
      </figure>
      <figure className="right">
        <img src={pair.right.src} alt="the frame wrapped correctly" />
        <figcaption>✓ {pair.right.caption}</figcaption>
      </figure>
    </div>
  );
}
