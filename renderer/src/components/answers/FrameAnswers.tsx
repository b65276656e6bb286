/** The frame's three answers at the top of the frame view: pointers, wrap, chroma; each links to its panel. */
import { memo } from 'react';
import type { FrameReport } from '../../../../contract/report';
import { Badge } from '../common/Badge';
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
  panelKey,
}: {
  question: string;
  answer: Answer;
  testId: string;
  panel: string;
  /** The panel bar's key for the same panel. */
  panelKey: string;
}) {
  return (
    <div className="answer" data-testid={testId} data-tone={answer.tone}>
      <dt>
        {/* For the pointer: from the keyboard the panel bar (one Tab stop before) or the panel's key goes there, so
            the strip costs no Tab stops on the way from the frame bar to the panels. */}
        <a href={`#${panel}`} tabIndex={-1} aria-keyshortcuts={panelKey} title={`${question} (key ${panelKey})`}>
          {question}
        </a>
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

/** The strip. */
export const FrameAnswers = memo(function FrameAnswers({ report }: FrameAnswersProps) {
  return (
    <section className="answers" aria-label="The frame at a glance" data-testid="frame-answers">
      <dl>
        <Item
          question="Pointers match?"
          answer={matchAnswer(report)}
          testId="answer-match"
          panel="identity-title"
          panelKey="2"
        />
        <Item
          question="Wrap valid?"
          answer={wrapAnswer(report)}
          testId="answer-wrap"
          panel="layout-title"
          panelKey="3"
        />
        <Item
          question="Where is the chroma?"
          answer={chromaAnswer(report)}
          testId="answer-chroma"
          panel="layout-title"
          panelKey="3"
        />
      </dl>
    </section>
  );
});
