/**
 * Which bytes the pixel probe reads: the plane (its whole pitch and every row of its allocation, padding and hidden
 * rows included) cut into tiles of 64×64 pixels, the tiles a view needs, and whether they fit the view's budget
 * (over it, the view shows the plane's thumbnail instead of reading).
 */
import type { ReadMemoryParams } from '../../../contract/memory';
import type { PlaneFacts } from './plane-facts';

/** A read of rows of one plane. */
export type PlaneRange = Extract<ReadMemoryParams['range'], { plane: number }>;

/** Pixels across and down one tile. */
export const TILE_PIXELS = 64;

/** Most bytes the tiles of one view may need before the view shows the thumbnail instead (192 KiB). */
export const TILE_BUDGET_BYTES = 192 * 1024;

/** Zoom levels, in screen pixels per pixel of the plane. */
export const ZOOM_LEVELS: readonly number[] = [0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

/** The probe's grid over one plane: pixels across its whole pitch, rows down to the end of its allocation. */
export interface PlaneGrid {
  plane: number;
  columns: number;
  rows: number;
  bytesPerPixel: number;
  pitch: number;
}

/** Where a view looks: its zoom and the plane pixel at its top-left corner. */
export interface View {
  zoom: number;
  x: number;
  y: number;
}

/** A tile to show, and the read that brings it. */
interface PlannedTile {
  key: string;
  tx: number;
  ty: number;
  range: PlaneRange;
}

/** The tiles a view needs, their bytes and the budget. */
export interface TilePlan {
  tiles: PlannedTile[];
  bytes: number;
  budget: number;
  withinBudget: boolean;
}

/** The probe's grid over a plane. */
export function planeGrid(plane: PlaneFacts): PlaneGrid {
  return {
    plane: plane.index,
    columns: Math.max(1, Math.floor(plane.pitch / plane.bytesPerPixel)),
    rows: Math.max(1, plane.rows),
    bytesPerPixel: plane.bytesPerPixel,
    pitch: plane.pitch,
  };
}

/** The read of one tile: up to 64 rows, and the bytes of up to 64 pixels of each. */
export function tileRange(grid: PlaneGrid, tx: number, ty: number): PlaneRange {
  const row = ty * TILE_PIXELS;
  const byteStart = tx * TILE_PIXELS * grid.bytesPerPixel;
  return {
    plane: grid.plane,
    row,
    rows: Math.max(1, Math.min(TILE_PIXELS, grid.rows - row)),
    byteStart,
    byteCount: Math.max(1, Math.min(TILE_PIXELS * grid.bytesPerPixel, grid.pitch - byteStart)),
  };
}

/** The key a tile is cached under for one frame. */
export function rangeKey(range: ReadMemoryParams['range']): string {
  return 'plane' in range
    ? `p${range.plane}:r${range.row}+${range.rows}:b${range.byteStart ?? 0}+${range.byteCount ?? 'all'}`
    : `o${range.offset}+${range.length}`;
}

/** The tiles a viewport of width × height screen pixels needs, and whether their bytes fit the budget. */
export function planTiles(
  grid: PlaneGrid,
  view: View,
  viewport: { width: number; height: number },
  budget: number = TILE_BUDGET_BYTES,
): TilePlan {
  const tilesAcross = Math.ceil(grid.columns / TILE_PIXELS);
  const tilesDown = Math.ceil(grid.rows / TILE_PIXELS);
  const left = Math.max(0, Math.floor(view.x / TILE_PIXELS));
  const top = Math.max(0, Math.floor(view.y / TILE_PIXELS));
  const right = Math.min(tilesAcross, Math.ceil((view.x + viewport.width / view.zoom) / TILE_PIXELS));
  const bottom = Math.min(tilesDown, Math.ceil((view.y + viewport.height / view.zoom) / TILE_PIXELS));
  let bytes = 0;
  const cells: { tx: number; ty: number; range: PlaneRange }[] = [];
  for (let ty = top; ty < bottom; ty += 1) {
    for (let tx = left; tx < right; tx += 1) {
      const range = tileRange(grid, tx, ty);
      bytes += range.rows * (range.byteCount ?? grid.pitch);
      cells.push({ tx, ty, range });
    }
  }
  const withinBudget = bytes <= budget;
  // Over the budget nothing is read: the plan names no tiles.
  const tiles = withinBudget ? cells.map((cell) => ({ ...cell, key: rangeKey(cell.range) })) : [];
  return { tiles, bytes, budget, withinBudget };
}

/** The pixel under a point of the viewport (screen pixels from its top-left corner). */
export function pixelUnder(view: View, px: number, py: number): { x: number; y: number } {
  return { x: Math.floor(view.x + px / view.zoom), y: Math.floor(view.y + py / view.zoom) };
}

/** The view zoomed one level in (+1) or out (-1), keeping the pixel under the anchor point where it is. */
export function zoomView(view: View, steps: number, anchor: { x: number; y: number }): View {
  const current = ZOOM_LEVELS.findIndex((level) => level >= view.zoom);
  const index = Math.min(
    ZOOM_LEVELS.length - 1,
    Math.max(0, (current === -1 ? ZOOM_LEVELS.length - 1 : current) + steps),
  );
  const zoom = ZOOM_LEVELS[index] ?? view.zoom;
  const fx = view.x + anchor.x / view.zoom;
  const fy = view.y + anchor.y / view.zoom;
  return { zoom, x: fx - anchor.x / zoom, y: fy - anchor.y / zoom };
}

/** Where a pixel's centre is on screen (viewport pixels from its top-left corner): a zoom anchored there keeps it. */
export function pixelCentre(view: View, at: { x: number; y: number }): { x: number; y: number } {
  return { x: (at.x + 0.5 - view.x) * view.zoom, y: (at.y + 0.5 - view.y) * view.zoom };
}

/** A view centred on a pixel at a zoom. */
export function centreOn(x: number, y: number, zoom: number, viewport: { width: number; height: number }): View {
  return { zoom, x: x + 0.5 - viewport.width / 2 / zoom, y: y + 0.5 - viewport.height / 2 / zoom };
}
