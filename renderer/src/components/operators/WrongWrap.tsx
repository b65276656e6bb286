/** The wrong-wrap picture beside the right one: what a naive single-tensor NV12 view shows, and why. */
import { useMemo } from 'react';
import type { PreviewResult, RgbImage } from '../../../../contract/show';
import { pixelsFromWire } from '../wrongwrap/pixels';
import { WrongWrapCompare } from '../wrongwrap/WrongWrapCompare';

/** Props of WrongWrap. */
export interface WrongWrapProps {
  preview: PreviewResult;
  /** Runs the convert preview, which is the one that makes the wrong-wrap picture. */
  onShowConvert(): void;
}

/** The naive picture against the correct one (the convert thumbnail), with the reason they differ. */
function Pair({ wrong, right, reason }: { wrong: RgbImage; right: RgbImage; reason: string }) {
  const naive = useMemo(() => pixelsFromWire(wrong), [wrong]);
  const correct = useMemo(() => pixelsFromWire(right), [right]);
  return (
    <div className="op-wrongwrap" data-testid="operators-wrong-wrap">
      <WrongWrapCompare
        naive={naive}
        correct={correct}
        naiveCaption="what a naive [1,1.5H,W,1] tensor shows"
        correctCaption="wrapped plane by plane (right)"
        size="panel"
      />
      <p className="op-reason" data-testid="wrong-wrap-reason">
        {reason}
      </p>
    </div>
  );
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
  return <Pair wrong={preview.wrongWrap} right={preview.thumbnail} reason={preview.wrongWrapReason} />;
}
