/** Whether A and B are the same picture (size and bit depth): thumbnails of different pictures differ by nature. */
import type { FrameReport } from '../../../../contract/report';

/** A picture's size and depth in words, e.g. "1920×1080 8-bit". */
function pictureWords(report: FrameReport): string {
  return `${report.format.width}×${report.format.height} ${report.format.bitDepth}-bit`;
}

/**
 * "different pictures: 1920×1080 8-bit against 1280×720 10-bit" when A's and B's display sizes or bit depths differ;
 * null when both are the same kind of picture, so that a pixel difference is a difference of frames.
 */
export function differentPictures(a: FrameReport, b: FrameReport): string | null {
  const same =
    a.format.width === b.format.width && a.format.height === b.format.height && a.format.bitDepth === b.format.bitDepth;
  return same ? null : `different pictures: ${pictureWords(a)} against ${pictureWords(b)}`;
}
