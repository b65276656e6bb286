/** The naive picture against the correct one: both (swappable in place), the difference, a magnified edge, a verdict. */
import { formatCount } from '../../format';
import { useMemo } from 'react';
import { Badge } from '../common/Badge';
import { compareWrap } from './compare';
import { PixelCanvas } from './PixelCanvas';
import type { RgbPixels } from './pixels';
import { naiveVerdict, VISIBLY_WRONG_DB } from './psnr';
import { useWrongWrapSwap } from './use-swap';
import { WrongWrapCrop } from './WrongWrapCrop';
import './wrongwrap.css';

/** Props of WrongWrapCompare. */
export interface WrongWrapCompareProps {
  naive: RgbPixels;
  correct: RgbPixels;
  /** What the naive picture is, e.g. "naive 1.5×H tensor (chroma read from row 1080)". */
  naiveCaption: string;
  correctCaption: string;
  /** 'panel' draws the pictures at their own size; 'presenter' fills the column. */
  size: 'panel' | 'presenter';
}

type Which = 'naive' | 'correct';

/** The comparison. */
export function WrongWrapCompare({ naive, correct, naiveCaption, correctCaption, size }: WrongWrapCompareProps) {
  const { swapped, toggle } = useWrongWrapSwap();
  const comparison = useMemo(() => compareWrap(naive, correct), [naive, correct]);
  const order: Which[] = swapped ? ['correct', 'naive'] : ['naive', 'correct'];
  const picture = (which: Which) => (which === 'naive' ? naive : correct);
  const caption = (which: Which) => (which === 'naive' ? `✗ ${naiveCaption}` : `✓ ${correctCaption}`);
  const verdict = comparison === null ? null : naiveVerdict(comparison.psnr);
  return (
    <div className={`ww ww-${size}`} data-testid="wrong-wrap-compare" data-swapped={swapped}>
      {verdict !== null ? (
        <div className="ww-verdict">
          <Badge
            tone={verdict.tone}
            text={verdict.text}
            testId="wrong-wrap-verdict"
            size={size === 'presenter' ? 'large' : 'small'}
          />
          <span className="muted">
            PSNR over every pixel; under {VISIBLY_WRONG_DB} dB the difference is plain to see.
          </span>
        </div>
      ) : (
        <p className="muted" data-testid="wrong-wrap-verdict-missing">
          The pictures differ in size ({naive.width}×{naive.height} and {correct.width}×{correct.height}); there is
          nothing to subtract.
        </p>
      )}
      <div className="ww-toolbar">
        <button type="button" data-testid="wrong-wrap-flicker" aria-pressed={swapped} onClick={toggle}>
          A/B flicker <kbd>f</kbd>
        </button>
        <span className="muted" data-testid="wrong-wrap-flicker-state">
          {swapped ? 'swapped: the correct picture stands where the naive one was' : 'naive first, correct second'}
        </span>
      </div>
      <div className="ww-pictures" data-testid="wrong-wrap-pictures">
        {order.map((which, slot) => (
          <figure key={which} className={which === 'naive' ? 'wrong' : 'right'} data-showing={which} data-slot={slot}>
            <PixelCanvas
              image={picture(which)}
              testId={which === 'naive' ? 'wrong-wrap-canvas' : 'right-wrap-canvas'}
              label={which === 'naive' ? 'what a naive single tensor shows' : 'the frame wrapped plane by plane'}
            />
            <figcaption>{caption(which)}</figcaption>
          </figure>
        ))}
        {comparison !== null ? (
          <figure className="ww-diff">
            <PixelCanvas image={comparison.difference} testId="wrong-wrap-diff" label="the difference, amplified" />
            <figcaption data-testid="wrong-wrap-diff-caption">
              |naive − correct| × {comparison.gain} · {formatCount(comparison.differing)} of{' '}
              {formatCount(comparison.pixels)} pixels differ
            </figcaption>
          </figure>
        ) : null}
        {comparison !== null ? <WrongWrapCrop comparison={comparison} order={order} picture={correct} /> : null}
      </div>
    </div>
  );
}
