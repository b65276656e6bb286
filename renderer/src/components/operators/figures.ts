/** The words of a preview's figures: GPU time, bytes downloaded against the frame, the PSNR verdict. */
import { passesPsnr, PSNR_PASS_DB } from '../../../../contract/preview';
import type { PreviewResult } from '../../../../contract/show';
import { formatCount, formatDuration } from '../../format';
import type { BadgeTone } from '../common/tone';

/** A GPU time in milliseconds in adaptive units ("256 µs", "1.25 ms"), as every timing in the window is shown. */
export function formatMs(ms: number): string {
  return formatDuration(ms * 1000);
}

/** "110,592 B of 3,110,400 B (3.56 %)": what crossed to the host against the whole frame. */
export function bytesText(downloaded: number, frame: number): string {
  const share = frame > 0 ? ` (${((100 * downloaded) / frame).toFixed(2)} %)` : '';
  return `${formatCount(downloaded)} B of ${formatCount(frame)} B${share}`;
}

/** The verdict on a preview's distance from the CPU reference, and its words. */
export function psnrVerdict(preview: PreviewResult): { tone: BadgeTone; text: string } {
  if (preview.psnr === null) return { tone: 'unknown', text: 'NOT COMPARED' };
  const db = `${preview.psnr.toFixed(2)} dB`;
  return passesPsnr(preview.psnr)
    ? { tone: 'ok', text: `PASS · ${db} ≥ ${PSNR_PASS_DB}` }
    : { tone: 'bad', text: `FAIL · ${db} < ${PSNR_PASS_DB}` };
}
