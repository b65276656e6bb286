/** Turns the addon's grey thumbnails into what crosses the wire. */
import type { PlaneThumbnail } from '../addon/native';
import type { ThumbnailWire } from '../../contract/contract';

/** One thumbnail's bytes as a view (no copy), checking the byte count against its size. */
export function toWireThumbnail(thumb: PlaneThumbnail): ThumbnailWire {
  const expected = thumb.width * thumb.height;
  if (thumb.data.byteLength < expected) {
    throw new Error(`thumbnail of plane ${thumb.plane} has ${thumb.data.byteLength} bytes, expected ${expected}`);
  }
  return {
    plane: thumb.plane,
    name: thumb.name,
    width: thumb.width,
    height: thumb.height,
    data: new Uint8Array(thumb.data.buffer, thumb.data.byteOffset, expected),
  };
}
