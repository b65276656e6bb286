/** The naive picture's distance from the correct one (PSNR over every RGB byte), and the verdict it earns. */
import { PSNR_PASS_DB } from '../../../../contract/preview';
import type { BadgeTone } from '../common/tone';
import type { RgbPixels } from './pixels';

/**
 * Below this the naive picture is visibly wrong: the bar a GPU thumbnail must clear against the CPU reference to
 * pass as the same picture.
 */
export const VISIBLY_WRONG_DB = PSNR_PASS_DB;

/** PSNR in dB over every byte of two same-shaped pictures, as the addon computes it; Infinity when they are equal. */
export function psnr(a: RgbPixels, b: RgbPixels): number {
  let squares = 0;
  for (let i = 0; i < a.rgb.length; i += 1) {
    const d = (a.rgb[i] ?? 0) - (b.rgb[i] ?? 0);
    squares += d * d;
  }
  if (squares === 0) return Infinity;
  return 10 * Math.log10((255 * 255 * a.rgb.length) / squares);
}

/** "14.2 dB": one decimal is as much as a thumbnail's PSNR says. */
export function formatDb(db: number): string {
  return `${db.toFixed(1)} dB`;
}

/** The verdict on the naive picture, with its words. */
export function naiveVerdict(db: number): { tone: BadgeTone; text: string } {
  if (db === Infinity) {
    return {
      tone: 'ok',
      text: 'naive wrap: equal to the correct picture on this frame — the naive view happens to be right',
    };
  }
  return db < VISIBLY_WRONG_DB
    ? { tone: 'bad', text: `naive wrap: ${formatDb(db)} against the correct picture — visibly wrong` }
    : { tone: 'warn', text: `naive wrap: ${formatDb(db)} against the correct picture — wrong, but hard to see` };
}
