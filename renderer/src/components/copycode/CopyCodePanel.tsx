/**
 * Copy as code: the current frame's wrap in C, C++, CV-CUDA Python and PyTorch, with the facts each depends on, the
 * naive attempt annotated for this frame, and no code where zero copy is impossible or the format was not recorded.
 */
import { memo, useMemo, useState } from 'react';
import { copyCode, VERDICT_BADGES, type Ecosystem } from '../../../../wording/copy-code';
import type { FrameReport } from '../../../../contract/report';
import { useGroupStop } from '../common/group-stop';
import { useCopy } from './use-copy';
import './copycode.css';

/** Props of CopyCodePanel. */
export interface CopyCodePanelProps {
  report: FrameReport;
}

/** The panel. */
export const CopyCodePanel = memo(function CopyCodePanel({ report }: CopyCodePanelProps) {
  const result = useMemo(() => copyCode(report), [report]);
  const [tab, setTab] = useState<Ecosystem>('c');
  const snippet = result.snippets.find((s) => s.ecosystem === tab) ?? result.snippets[0];
  const { state, copy } = useCopy(snippet?.code ?? null);
  // The language tabs and Copy are one Tab stop, the arrow keys move between them; the code, a region that scrolls, is
  // a stop of its own (a group of one), where the arrow keys scroll it.
  const group = useGroupStop();
  if (snippet === undefined) return null;
  const { verdict } = result.facts;
  return (
    <section {...group} className="panel copycode" data-testid="copycode-panel" aria-labelledby="copycode-title">
      <header className="panel-head">
        <h2 id="copycode-title">Copy as code</h2>
        <span className={`verdict verdict-${verdict.kind}`} data-testid="copycode-verdict">
          {VERDICT_BADGES[verdict.kind]}
        </span>
      </header>
      <div className="copycode-tabs" role="tablist" aria-label="Language">
        {result.snippets.map((s) => (
          <button
            key={s.ecosystem}
            type="button"
            role="tab"
            aria-selected={s.ecosystem === tab}
            data-testid={`copycode-tab-${s.ecosystem}`}
            onClick={() => setTab(s.ecosystem)}
          >
            {s.title}
          </button>
        ))}
      </div>
      <div className="copycode-body" role="tabpanel">
        <div className="copycode-main">
          <p
            className={snippet.code === null || result.facts.decoderFix !== null ? 'warn' : 'muted'}
            data-testid="copycode-note"
          >
            {snippet.note}
            {snippet.detail !== null ? <span data-testid="copycode-detail"> {snippet.detail}</span> : null}
          </p>
          {snippet.code !== null ? (
            <>
              <div className="copycode-actions">
                <button type="button" onClick={copy} data-testid="copycode-copy">
                  {state === 'copied' ? 'Copied' : 'Copy'}
                </button>
                <span aria-live="polite" data-testid="copycode-copy-state">
                  {state === 'copied'
                    ? 'copied to the clipboard'
                    : state === 'refused'
                      ? 'the clipboard refused: select the code and copy it by hand'
                      : ''}
                </span>
              </div>
              <pre className="copycode-code" data-testid="copycode-code" tabIndex={0} data-group="">
                <code>{snippet.code}</code>
              </pre>
            </>
          ) : (
            <p className="muted" data-testid="copycode-none">
              No {snippet.title} code for this frame.
            </p>
          )}
        </div>
        <dl className="copycode-facts" data-testid="copycode-facts" aria-label="Facts the code depends on">
          {result.factLines.map((line) => (
            <div key={line.label} data-testid={`copycode-fact-${line.label.replace(/\s+/g, '-')}`}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
});
