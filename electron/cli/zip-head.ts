/** How the command line tells a capture from a video by its first bytes: captures are zips; no video container is. */

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** How many leading bytes startsLikeZip looks at. */
export const ZIP_HEAD_BYTES = ZIP_MAGIC.length;

/** True when HEAD, a file's first bytes (bytesRead of them), starts like a zip archive. */
export function startsLikeZip(head: Buffer, bytesRead: number): boolean {
  return bytesRead >= ZIP_HEAD_BYTES && head.subarray(0, ZIP_HEAD_BYTES).equals(ZIP_MAGIC);
}
