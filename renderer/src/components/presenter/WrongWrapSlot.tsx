/** The wrong-wrap picture beside the right one: what a naive single-tensor wrap shows, and the frame as it is. */
import { usePngPair } from '../wrongwrap/use-png-pixels';
import { WrongWrapCompare } from '../wrongwrap/WrongWrapCompare';
import { pngOf, type WrongWrapPair } from './wrong-wrap';

/** Props of WrongWrapSlot. */
export interface WrongWrapSlotProps {
  pair: WrongWrapPair | null;
}

/** The slot: nothing at all when there is no pair; the pictures alone until their pixels are decoded. */
export function WrongWrapSlot({ pair }: WrongWrapSlotProps) {
  const decoded = usePngPair(pair === null ? null : pngOf(pair.wrong), pair === null ? null : pngOf(pair.right));
  if (pair === null) return null;
  return (
    <div className="ww-slot" data-testid="wrong-wrap" data-state={decoded.state}>
      {decoded.state === 'ready' ? (
        <WrongWrapCompare
          naive={decoded.naive}
          correct={decoded.correct}
          naiveCaption={pair.wrong.caption}
          correctCaption={pair.right.caption}
          size="presenter"
        />
      ) : (
        <>
          <div className="wrong-wrap">
            <figure className="wrong">
              <img src={pair.wrong.src} alt="what the naive wrap shows" />
              <figcaption>✗ {pair.wrong.caption}</figcaption>
            </figure>
            <figure className="right">
              <img src={pair.right.src} alt="the frame wrapped correctly" />
              <figcaption>✓ {pair.right.caption}</figcaption>
            </figure>
          </div>
          {decoded.state === 'failed' ? (
            <p className="muted" data-testid="wrong-wrap-compare-failed">
              No difference image or verdict: {decoded.message}.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
