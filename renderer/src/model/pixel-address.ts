/**
 * Where a sample lies: its byte offset from the plane's first byte (row × pitch + x × bytes per pixel), and its
 * address through FFmpeg's pointer and through the pointer NVCV exported for the plane.
 */

/** A sample's place in one plane, counted in pixels of that plane. */
export interface PixelAt {
  plane: number;
  x: number;
  y: number;
}

/** The offset of a pixel, with the arithmetic that gives it. */
export interface PixelOffset {
  offset: number;
  /** "1084 × 2048 + 17 × 2 = 2220066". */
  formula: string;
}

/** The byte offset of pixel (x, y) from its plane's first byte. */
export function pixelOffset(x: number, y: number, pitch: number, bytesPerPixel: number): PixelOffset {
  const offset = y * pitch + x * bytesPerPixel;
  return { offset, formula: `${y} × ${pitch} + ${x} × ${bytesPerPixel} = ${offset}` };
}

/** A pointer plus an offset, as a 0x-prefixed hex address; null when the pointer is missing. */
export function addressAt(pointer: bigint | null, offset: number): string | null {
  if (pointer === null) return null;
  return `0x${(pointer + BigInt(offset)).toString(16)}`;
}

/** The pixel a step of (dx, dy) reaches, kept inside columns × rows. */
export function movePixel(at: PixelAt, dx: number, dy: number, columns: number, rows: number): PixelAt {
  return {
    plane: at.plane,
    x: Math.min(Math.max(0, at.x + dx), Math.max(0, columns - 1)),
    y: Math.min(Math.max(0, at.y + dy), Math.max(0, rows - 1)),
  };
}
