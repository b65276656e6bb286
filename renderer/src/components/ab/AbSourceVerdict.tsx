/** The A/B panel's first line: whether A and B were decoded from the same source file, by hash (a live file's too). */
import type { SourceVerdict } from '../../store/source-identity';

/** Props of AbSourceVerdict. */
export interface AbSourceVerdictProps {
  verdict: SourceVerdict;
}

const MARKS = { same: '=', 'same-path': '=', different: '≠', hashing: '…', unknown: '?', 'not-recorded': '?' } as const;

/** The verdict, then each side's source in words, a line each. */
export function AbSourceVerdict({ verdict }: AbSourceVerdictProps) {
  return (
    <div className={`ab-source ab-source-${verdict.kind}`} data-testid="ab-source" data-verdict={verdict.kind}>
      <p className="ab-source-text" data-testid="ab-source-text">
        <span className="ab-source-mark" aria-hidden="true">
          {MARKS[verdict.kind]}
        </span>{' '}
        <strong>{verdict.text}</strong>
      </p>
      <ul className="ab-source-sides">
        {/* One line each, cut with an ellipsis where a long name or reason would wrap; the whole line is its title. */}
        <li data-testid="ab-source-a" title={`A: ${verdict.a}`}>
          A: {verdict.a}
        </li>
        <li data-testid="ab-source-b" title={`B: ${verdict.b}`}>
          B: {verdict.b}
        </li>
      </ul>
    </div>
  );
}
