/** The frame's three answers at the top of the frame view: pointers, wrap, chroma; each links to its panel. */
import { memo, useRef } from 'react';
import type { FrameReport } from '../../../../contract/report';
import { Badge } from '../common/Badge';
import { useGroupStop } from '../common/group-stop';
import { chromaAnswer, matchAnswer, wrapAnswer, type Answer } from './frame-answers';
import './answers.css';

/** Props of FrameAnswers. */
export interface FrameAnswersProps {
  report: FrameReport;
}

function Item({
  question,
  answer,
  testId,
  panel,
}: {
  question: string;
  answer: Answer;
  testId: string;
  panel: string;
}) {
  return (
    <div className="answer" data-testid={testId} data-tone={answer.tone}>
      <dt>
        <a href={`#${panel}`}>{question}</a>
      </dt>
      <dd>
        <Badge tone={answer.tone} text={answer.text} testId={`${testId}-badge`} />
        <span className="answer-detail muted" data-testid={`${testId}-detail`}>
          {answer.detail}
        </span>
        {answer.fine !== undefined ? (
          <small className="answer-fine muted" data-testid={`${testId}-fine`}>
            {answer.fine}
          </small>
        ) : null}
      </dd>
    </div>
  );
}

/** The strip: its three links are one Tab stop, the arrow keys move between them. */
export const FrameAnswers = memo(function FrameAnswers({ report }: FrameAnswersProps) {
  const strip = useRef<HTMLElement>(null);
  const group = useGroupStop(strip);
  return (
    <section
      ref={strip}
      className="answers"
      aria-label="The frame at a glance"
      data-testid="frame-answers"
      data-group=""
      onKeyDown={group.onKeyDown}
      onFocus={group.onFocus}
    >
      <dl>
        <Item question="Pointers match?" answer={matchAnswer(report)} testId="answer-match" panel="identity-title" />
        <Item question="Wrap valid?" answer={wrapAnswer(report)} testId="answer-wrap" panel="layout-title" />
        <Item
          question="Where is the chroma?"
          answer={chromaAnswer(report)}
          testId="answer-chroma"
          panel="layout-title"
        />
      </dl>
    </section>
  );
});
