/** Finding a pixel's bytes among the reads already made: its tile's, or a read of that pixel alone. */
import type { MemoryRegion } from '../../../../contract/memory';
import type { MemoryBytes } from '../../store/probe-slice';
import type { PixelAt } from '../../model/pixel-address';
import { regionOfByte } from '../../model/pixel-region';
import { TILE_PIXELS, tileRange, type PlaneGrid, type PlaneRange } from '../../model/tile-plan';

/** The read of one pixel's bytes alone. */
function pixelRange(grid: PlaneGrid, at: PixelAt): PlaneRange {
  return { plane: grid.plane, row: at.y, rows: 1, byteStart: at.x * grid.bytesPerPixel, byteCount: grid.bytesPerPixel };
}

/** A pixel's bytes and the region the read labelled them with. */
export interface PixelBytes {
  bytes: Uint8Array;
  region: MemoryRegion | null;
}

/** The bytes of a pixel inside a read of range, or null when the read does not hold them. */
export function bytesInRead(entry: MemoryBytes, range: PlaneRange, grid: PlaneGrid, at: PixelAt): PixelBytes | null {
  const row = at.y - range.row;
  const column = at.x * grid.bytesPerPixel - (range.byteStart ?? 0);
  const { bytesPerRow } = entry.read;
  if (row < 0 || row >= entry.read.rows || column < 0 || column + grid.bytesPerPixel > bytesPerRow) return null;
  const index = row * bytesPerRow + column;
  return {
    bytes: entry.bytes.subarray(index, index + grid.bytesPerPixel),
    region: regionOfByte(entry.read.regions, index),
  };
}

/** The ranges that may hold a pixel's bytes, the tile's first. */
export function rangesHolding(grid: PlaneGrid, at: PixelAt): PlaneRange[] {
  const tile = tileRange(grid, Math.floor(at.x / TILE_PIXELS), Math.floor(at.y / TILE_PIXELS));
  return [tile, pixelRange(grid, at)];
}
