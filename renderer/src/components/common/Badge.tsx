/** A verdict badge: big, coloured, readable from across a room. */
import type { BadgeTone } from './tone';

/** Props of Badge. */
export interface BadgeProps {
  tone: BadgeTone;
  text: string;
  testId: string;
  size?: 'large' | 'small';
}

/** A coloured label with an icon, so colour is not the only cue. */
export function Badge({ tone, text, testId, size = 'small' }: BadgeProps) {
  const icon = tone === 'ok' ? '✓' : tone === 'bad' ? '✗' : tone === 'warn' ? '!' : '?';
  return (
    <span className={`badge badge-${tone} badge-${size}`} data-testid={testId} data-tone={tone}>
      <span aria-hidden="true">{icon}</span> {text}
    </span>
  );
}
