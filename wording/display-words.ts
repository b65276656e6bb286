/** How a stream asks to be shown, in words: the display matrix's rotation (and mirror) and the declared range. */
import type { StreamInfo } from '../contract/report';

/** The range names FFmpeg uses (av_color_range_name) and what they mean. */
const RANGE_WORDS: Record<string, string> = {
  tv: 'limited range (tv)',
  pc: 'full range (pc)',
  unknown: 'range not declared (read as limited)',
};

/** "rotated 90° by the display matrix (stored 640×360, shown 360×640) · full range (pc)"; older reports: null. */
export function displayWords(
  info: Pick<StreamInfo, 'width' | 'height' | 'rotationDegrees' | 'displayFlipped' | 'colorRange'>,
): string | null {
  if (info.rotationDegrees === undefined && info.colorRange === undefined) return null;
  const parts: string[] = [];
  const degrees = Math.round(info.rotationDegrees ?? 0);
  const turned = ((degrees % 360) + 360) % 360;
  if (turned !== 0 || info.displayFlipped === true) {
    const quarter = turned === 90 || turned === 270;
    const shown = quarter ? `${info.height}×${info.width}` : `${info.width}×${info.height}`;
    parts.push(
      `${turned !== 0 ? `rotated ${degrees}°` : 'not rotated'}${info.displayFlipped === true ? ' and mirrored' : ''} by the display matrix (stored ${info.width}×${info.height}, shown ${shown})`,
    );
  } else {
    parts.push('no rotation');
  }
  if (info.colorRange !== undefined) parts.push(RANGE_WORDS[info.colorRange] ?? info.colorRange);
  return parts.join(' · ');
}
