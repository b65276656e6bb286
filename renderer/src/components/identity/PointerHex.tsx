/** A pointer in grouped hex; beside a different pointer, only the digits that differ are marked. */
import { groupHex, hexDelta } from '../../format';
import { hexDiff } from './hex-diff';

/** Props of PointerHex. */
export interface PointerHexProps {
  value: string | null;
  /** The pointer it is compared with; null or equal: nothing is marked. */
  other: string | null;
  testId: string;
}

/** The pointer. */
export function PointerHex({ value, other, testId }: PointerHexProps) {
  const delta = hexDelta(value, other);
  if (value === null || other === null || delta === null || delta === 0n) {
    return <code data-testid={testId}>{groupHex(value)}</code>;
  }
  const [runs] = hexDiff(value, other);
  return (
    <code data-testid={testId} className="pointer-diff">
      {runs.map((run, i) =>
        run.differs ? (
          <mark key={i} className="hex-differs">
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </code>
  );
}
