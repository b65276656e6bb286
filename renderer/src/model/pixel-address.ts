/**
 * Where a sample lies: its byte offset from the plane's first byte (row × pitch + x × bytes per pixel), and its
 * address through FFmpeg's pointer and through the pointer NVCV exported for the plane; whether it is in the probe's
 * view, and a place typed in a field.
 */
import type { View } from './tile-plan';

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

/** Whether a pixel lies inside the view, at least 2 screen pixels from its top and left edges and a whole pixel from
 * its right and bottom ones. */
export function pixelInView(view: View, at: { x: number; y: number }, box: { width: number; height: number }): boolean {
  const margin = 2 / view.zoom;
  return (
    at.x >= view.x + margin &&
    at.y >= view.y + margin &&
    at.x < view.x + box.width / view.zoom - 1 &&
    at.y < view.y + box.height / view.zoom - 1
  );
}

/** A whole number in 0…limit − 1 typed in a field (spaces around it allowed), or null. */
export function fieldValue(text: string, limit: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value < limit ? value : null;
}
