/** The tone of a verdict badge: passed, failed, or could not be told. */

/** How a verdict looks. */
export type BadgeTone = 'ok' | 'bad' | 'unknown';

/** The tone of a yes/no/unknown value. */
export function toneOf(value: boolean | null): BadgeTone {
  return value === null ? 'unknown' : value ? 'ok' : 'bad';
}
