/**
 * How the command line tells a capture from a video: captures are zips (no video container starts like one), and a
 * file named like a capture is read as one, so that a damaged or empty capture is said to be an invalid capture, not
 * an unknown video.
 */
import { CAPTURE_EXTENSION } from '../../contract/capture';

/** A local file header (every archive with a member) and an end of central directory (an archive of nothing). */
const ZIP_MAGICS = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/** How many leading bytes startsLikeZip looks at. */
export const ZIP_HEAD_BYTES = 4;

/** True when HEAD, a file's first bytes (bytesRead of them), starts like a zip archive, empty or not. */
function startsLikeZip(head: Buffer, bytesRead: number): boolean {
  return bytesRead >= ZIP_HEAD_BYTES && ZIP_MAGICS.some((magic) => head.subarray(0, ZIP_HEAD_BYTES).equals(magic));
}

/** True when a file is to be opened as a capture: it starts like a zip, or its name ends in .zci. */
export function readAsCapture(file: string, head: Buffer, bytesRead: number): boolean {
  return startsLikeZip(head, bytesRead) || file.toLowerCase().endsWith(CAPTURE_EXTENSION);
}
