/** The tone of a verdict badge: the verdicts' own tones (wording/verdicts.ts). */
export { toneOf, type VerdictTone as BadgeTone } from '../../../../wording/verdicts';
