/** The wrong-wrap and right-wrap pictures of a captured frame, found among its operator previews. */
import { RIGHT_WRAP_OPERATOR, WRONG_WRAP_OPERATOR } from '../../../../contract/capture';
import type { CapturedOperatorWire } from '../../../../contract/contract';

/** How a captured PNG becomes an image source. */
const PNG_DATA_URL = 'data:image/png;base64,';

/** A picture to show, with its caption. */
interface Picture {
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
    wrong: { src: PNG_DATA_URL + wrong.png, caption: `naive 1.5×H tensor${row}` },
    right: { src: PNG_DATA_URL + right.png, caption: 'wrapped plane by plane (correct)' },
  };
}

/** The base64 PNG behind a picture's source, for the comparison to decode. */
export function pngOf(picture: Picture): string {
  return picture.src.slice(PNG_DATA_URL.length);
}
