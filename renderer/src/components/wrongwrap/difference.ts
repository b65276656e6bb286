/** The amplified difference image: |naive − correct| × gain, channel by channel, so small errors show. */
import type { RgbPixels } from './pixels';

/** The gain the difference image is drawn with; stated beside it. */
export const DIFF_GAIN = 8;

/** |a − b| × gain per channel, clamped to 255; black where the pictures agree. Both must have one shape. */
export function amplifiedDifference(a: RgbPixels, b: RgbPixels, gain: number = DIFF_GAIN): RgbPixels {
  const rgb = new Uint8Array(a.rgb.length);
  for (let i = 0; i < rgb.length; i += 1) {
    rgb[i] = Math.min(255, Math.abs((a.rgb[i] ?? 0) - (b.rgb[i] ?? 0)) * gain);
  }
  return { width: a.width, height: a.height, rgb };
}

/** How many pixels differ in any channel. */
export function differingPixels(a: RgbPixels, b: RgbPixels): number {
  let count = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    if (a.rgb[i] !== b.rgb[i] || a.rgb[i + 1] !== b.rgb[i + 1] || a.rgb[i + 2] !== b.rgb[i + 2]) count += 1;
  }
  return count;
}
