/** The tone of a verdict badge: the verdicts' own tones (electron/common/verdicts.ts). */
export { toneOf, type VerdictTone as BadgeTone } from '../../../../electron/common/verdicts';
