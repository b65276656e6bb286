/** The device doctor's row: which device holds each plane, the decoder, NVCV's image and the operators. */
import type { Placement } from '../../../../contract/report';
import { placementWords } from '../../../../wording/placement';
import { Badge } from '../common/Badge';

/** One row of the identity panel's facts: the verdict's badge, every device named, and why. */
export function PlacementRow({ placement }: { placement: Placement }) {
  const words = placementWords(placement);
  return (
    <div className="value-row" data-testid="placement" data-verdict={placement.verdict}>
      <dt>placement</dt>
      <dd>
        <Badge tone={words.tone} text={words.headline} testId="placement-badge" />{' '}
        <span data-testid="placement-devices">{words.devices}</span>
        <span className="muted" data-testid="placement-reason">
          {' '}
          ({placement.reason})
        </span>
      </dd>
    </div>
  );
}
