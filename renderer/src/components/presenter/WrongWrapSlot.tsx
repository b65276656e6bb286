/** The wrong-wrap picture beside the right one: what a naive single-tensor wrap shows, and the frame as it is. */
import type { WrongWrapPair } from './wrong-wrap';

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
