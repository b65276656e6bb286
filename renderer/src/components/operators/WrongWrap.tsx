/** The wrong-wrap picture beside the right one: what a naive single-tensor NV12 view shows, and why. */
import type { PreviewWire } from '../../../../electron/common/preview';
import { RgbCanvas } from './RgbCanvas';

/** Props of WrongWrap. */
export interface WrongWrapProps {
  preview: PreviewWire;
  /** Runs the convert preview, which is the one that makes the wrong-wrap picture. */
  onShowConvert(): void;
}

/** The pair, or a line saying why there is none for this frame. */
export function WrongWrap({ preview, onShowConvert }: WrongWrapProps) {
  if (preview.wrongWrap === null || preview.thumbnail === null) {
    return (
      <div className="op-wrongwrap-note" data-testid="wrong-wrap-note">
        <span className="muted">
          Naive single-tensor view: {preview.wrongWrapReason || 'not made for this preview'}
        </span>
        {preview.op !== 'convert' ? (
          <button type="button" data-testid="wrong-wrap-show" onClick={onShowConvert}>
            Run convert
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="op-wrongwrap" data-testid="operators-wrong-wrap">
      <div className="op-pictures">
        <figure className="wrong">
          <RgbCanvas image={preview.wrongWrap} testId="wrong-wrap-canvas" label="what a naive single tensor shows" />
          <figcaption>✗ what a naive [1,1.5H,W,1] tensor shows</figcaption>
        </figure>
        <figure className="right">
          <RgbCanvas image={preview.thumbnail} testId="right-wrap-canvas" label="the frame wrapped plane by plane" />
          <figcaption>✓ wrapped plane by plane (right)</figcaption>
        </figure>
      </div>
      <p className="op-reason" data-testid="wrong-wrap-reason">
        {preview.wrongWrapReason}
      </p>
    </div>
  );
}
