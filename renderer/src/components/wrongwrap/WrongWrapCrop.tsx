/** Both pictures magnified at the correct picture's strongest colour edge, in the order the flicker has them. */
import type { WrapComparison } from './compare';
import { CROP, cropText } from './crop';
import { PixelCanvas } from './PixelCanvas';

/** Props of WrongWrapCrop. */
export interface WrongWrapCropProps {
  comparison: WrapComparison;
  /** The order the pictures stand in (swapped by the flicker). */
  order: readonly ('naive' | 'correct')[];
  picture: { width: number; height: number };
}

/** The crops and where they were taken, or a line saying there is no edge. */
export function WrongWrapCrop({ comparison, order, picture }: WrongWrapCropProps) {
  const { crop, edge } = comparison;
  if (crop === null || edge === null) {
    return (
      <p className="muted" data-testid="wrong-wrap-crop-none">
        The correct picture has no colour edge to magnify.
      </p>
    );
  }
  return (
    <figure className="ww-crop" data-testid="wrong-wrap-crop">
      <div className="ww-crop-pictures">
        {order.map((which) => (
          <figure key={which} className={which === 'naive' ? 'wrong' : 'right'} data-showing={which}>
            <PixelCanvas
              image={crop[which]}
              testId={`wrong-wrap-crop-${which}`}
              label={`the ${which} picture, magnified ${CROP.scale} times`}
            />
            <figcaption>{which === 'naive' ? '✗ naive' : '✓ correct'}</figcaption>
          </figure>
        ))}
      </div>
      <figcaption data-testid="wrong-wrap-crop-position">
        {CROP.scale}× crop (nearest neighbour) of {cropText(crop.rect, picture)}, at the correct picture&apos;s
        strongest colour edge: rows {edge.y}/{edge.y + 1}, column {edge.x}
      </figcaption>
    </figure>
  );
}
