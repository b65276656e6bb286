/**
 * The presenter's amber card for a recorded frame whose stream still had decode work pending when it was handed
 * over: beside the verdicts, so that a green "one CUDA context" is not read as "the frame was ready".
 */
import type { CaptureSummary } from '../../../../contract/capture-summary';
import { handOverCardWords } from '../../../../wording/hand-over';
import { Badge } from '../common/Badge';

/** Props of HandOverCard. */
export interface HandOverCardProps {
  capture: CaptureSummary | null;
  frameIndex: number;
}

/** The card, or nothing for a file, a capture the inspector made, or a frame whose stream was done or not named. */
export function HandOverCard({ capture, frameIndex }: HandOverCardProps) {
  const handOver = capture?.recorded?.handOver.find((h) => h.index === frameIndex);
  const words = handOver === undefined ? null : handOverCardWords(handOver);
  if (words === null) return null;
  return (
    <div className="presenter-verdict presenter-hand-over" data-testid="presenter-hand-over" data-tone={words.tone}>
      <Badge tone={words.tone} text={words.headline} testId="presenter-badge-hand-over" size="large" />
      <span className="why" data-testid="presenter-why-hand-over">
        {words.why}
      </span>
    </div>
  );
}
