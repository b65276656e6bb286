/** A small RGB picture held as bytes: what the comparisons of the naive and the correct picture work on. */
import type { RgbImage } from '../../../../contract/show';

/** 3 bytes per pixel, rows packed, top row first. */
export interface RgbPixels {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** The bytes of a picture as it crossed the wire. */
export function pixelsFromWire(image: RgbImage): RgbPixels {
  return { width: image.width, height: image.height, rgb: image.rgb };
}

/** True when two pictures have the same size and hold a whole picture each. */
export function sameShape(a: RgbPixels, b: RgbPixels): boolean {
  return (
    a.width === b.width &&
    a.height === b.height &&
    a.rgb.length === a.width * a.height * 3 &&
    b.rgb.length === a.rgb.length
  );
}
