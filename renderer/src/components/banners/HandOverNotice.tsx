/** A recorder capture's notice on the frame shown: whether its stream had finished the decode at hand-over. */
import { memo } from 'react';
import type { CaptureSummary } from '../../../../contract/capture-summary';
import { handOverWords } from '../../../../wording/hand-over';

/** Props of HandOverNotice. */
export interface HandOverNoticeProps {
  capture: CaptureSummary;
  frameIndex: number;
}

/** The notice, or nothing for a capture the inspector made or a frame recorded without the fact. */
export const HandOverNotice = memo(function HandOverNotice({ capture, frameIndex }: HandOverNoticeProps) {
  const handOver = capture.recorded?.handOver.find((h) => h.index === frameIndex);
  if (handOver === undefined) return null;
  const words = handOverWords(handOver);
  return (
    <div className={`banner banner-hand-over tone-${words.tone}`} role="status" data-testid="stream-hand-over">
      <code className="code" data-testid="stream-hand-over-badge">
        {words.badge}
      </code>
      <span className="message">{words.text}</span>
    </div>
  );
});
