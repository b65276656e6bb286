/** A labelled value in monospace with a copy button. */
import type { GlossaryTerm } from '../../../../wording/glossary';
import { GlossaryButton } from '../glossary/GlossaryButton';
import { CopyButton } from './CopyButton';

/** Props of Value. */
export interface ValueProps {
  label: string;
  value: string;
  testId: string;
  copy?: boolean;
  /** A glossary entry for the label: a "?" beside it opens it. */
  term?: GlossaryTerm;
}

/** One row of a definition list. */
export function Value({ label, value, testId, copy = true, term }: ValueProps) {
  return (
    <div className="value-row">
      <dt>
        {label}
        {term !== undefined ? <GlossaryButton term={term} /> : null}
      </dt>
      <dd>
        <code data-testid={testId}>{value}</code>
        {copy && value !== '—' ? <CopyButton value={value} label={label} testId={`copy-${testId}`} /> : null}
      </dd>
    </div>
  );
}
