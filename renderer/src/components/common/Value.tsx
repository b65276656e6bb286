/** A labelled value in monospace with a copy button. */
import { CopyButton } from './CopyButton';

/** Props of Value. */
export interface ValueProps {
  label: string;
  value: string;
  testId: string;
  copy?: boolean;
}

/** One row of a definition list. */
export function Value({ label, value, testId, copy = true }: ValueProps) {
  return (
    <div className="value-row">
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
        {copy && value !== '—' ? <CopyButton value={value} label={label} testId={`copy-${testId}`} /> : null}
      </dd>
    </div>
  );
}
