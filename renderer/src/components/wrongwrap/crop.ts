/** A magnified crop: a small window of a picture, scaled up with nearest-neighbour sampling (no smoothing). */
import type { ColourEdge } from './edge';
import type { RgbPixels } from './pixels';

/** The window's size in the picture's pixels, and how much it is magnified. */
export const CROP = { width: 24, height: 16, scale: 8 } as const;

/** A window of a picture, in its pixels; the right and bottom edges are exclusive. */
export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The window centred on an edge (the edge's two rows in the middle), moved inside the picture where it must. */
export function cropAround(
  edge: Pick<ColourEdge, 'x' | 'y'>,
  picture: { width: number; height: number },
  size: { width: number; height: number } = CROP,
): CropRect {
  const width = Math.min(size.width, picture.width);
  const height = Math.min(size.height, picture.height);
  const left = Math.max(0, Math.min(picture.width - width, edge.x - Math.floor(width / 2)));
  const top = Math.max(0, Math.min(picture.height - height, edge.y + 1 - Math.floor(height / 2)));
  return { left, top, width, height };
}

/** The window, each pixel repeated scale × scale times. */
export function magnify(image: RgbPixels, rect: CropRect, scale: number = CROP.scale): RgbPixels {
  const width = rect.width * scale;
  const height = rect.height * scale;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const sourceRow = rect.top + Math.floor(y / scale);
    for (let x = 0; x < width; x += 1) {
      const from = (sourceRow * image.width + rect.left + Math.floor(x / scale)) * 3;
      rgb.set(image.rgb.subarray(from, from + 3), (y * width + x) * 3);
    }
  }
  return { width, height, rgb };
}

/** "x 20–43, y 4–19 of 256×144": where the window lies, inclusive, in the picture's pixels. */
export function cropText(rect: CropRect, picture: { width: number; height: number }): string {
  return (
    `x ${rect.left}–${rect.left + rect.width - 1}, y ${rect.top}–${rect.top + rect.height - 1} ` +
    `of ${picture.width}×${picture.height}`
  );
}
