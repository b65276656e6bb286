/** The probe view's choice (ProbeViewControl): the channel, the range, and the value or the word as stored. */

/** The user's choice, kept while frames step and planes change (the channel applies where a plane has two). */
export interface ProbeViewChoice {
  channel: 'all' | 0 | 1;
  range: 'full' | 'stretch';
  representation: 'value' | 'word';
}

/** The view as it opens: every component, values at full scale. */
export const OPENING_VIEW: ProbeViewChoice = { channel: 'all', range: 'full', representation: 'value' };
