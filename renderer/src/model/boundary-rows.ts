/**
 * The rows around the end of each plane, as the inset and the boundary view list them: the last displayed rows,
 * every row coded but not displayed and every row of allocator padding (long runs elided in the middle), then the
 * first rows of the plane that follows in the same allocation, or the end of the allocation.
 */
import type { MemoryRegion } from '../../../contract/memory';
import type { PlaneFacts } from './plane-facts';

/** One row, read through one plane's pitch. */
export interface BoundaryRow {
  kind: 'row';
  /** The plane whose pitch and first byte the row is counted from. */
  plane: number;
  /** Row number from that plane's first byte. */
  row: number;
  /** Row number from the first byte of the allocation, in the same pitch (null when not a whole row). */
  allocationRow: number | null;
  region: MemoryRegion;
}

/** Rows of one region left out of the list. */
interface ElidedRows {
  kind: 'elided';
  plane: number;
  region: MemoryRegion;
  /** First and last row left out, from the plane's first byte. */
  from: number;
  to: number;
  count: number;
}

/** A line of a boundary's list. */
export type BoundaryLine = BoundaryRow | ElidedRows;

/** What lies after the plane's rows. */
type BoundaryEnd =
  | {
      kind: 'next-plane';
      plane: PlaneFacts;
      /** The next plane's first byte from this plane's: rows × pitch + remainder. */
      offset: number;
      rows: number;
      pitch: number;
      remainder: number;
    }
  | {
      kind: 'allocation-end';
      /** Bytes of this plane's rows (rows × pitch), then the bytes after them up to the end. */
      rows: number;
      pitch: number;
      tailBytes: number | null;
      /** The allocation's size, when known. */
      size: number | null;
      /** Where the next plane lives instead, when it is in an allocation of its own. */
      separateNext: PlaneFacts | null;
    };

/** One plane's end, in rows. */
export interface PlaneBoundary {
  plane: PlaneFacts;
  lines: BoundaryLine[];
  end: BoundaryEnd;
}

/** How many rows the list shows. */
export interface BoundaryOptions {
  /** Displayed rows before the first hidden one. */
  before: number;
  /** Rows of the next plane. */
  after: number;
  /** Longest run of one region listed whole; longer runs keep their first and last halves. */
  maxRun: number;
}

/** The boundary view's default: 2 rows either side, runs of up to 32 rows listed whole. */
export const BOUNDARY_ROWS: BoundaryOptions = { before: 2, after: 2, maxRun: 32 };

/** Row number from the allocation's first byte, when the plane starts on a whole row of its pitch. */
function allocationRow(plane: PlaneFacts, row: number): number | null {
  if (plane.offsetInAllocation === null) return null;
  const rows = plane.offsetInAllocation / plane.pitch;
  return Number.isInteger(rows) ? rows + row : null;
}

/** Rows first..first+count of one region, with the middle of a long run elided. */
function run(plane: PlaneFacts, region: MemoryRegion, first: number, count: number, maxRun: number): BoundaryLine[] {
  const row = (r: number): BoundaryRow => ({
    kind: 'row',
    plane: plane.index,
    row: r,
    allocationRow: allocationRow(plane, r),
    region,
  });
  if (count <= 0) return [];
  if (count <= maxRun) return Array.from({ length: count }, (_, i) => row(first + i));
  const keep = Math.max(1, Math.floor(maxRun / 2));
  const head = Array.from({ length: keep }, (_, i) => row(first + i));
  const tail = Array.from({ length: keep }, (_, i) => row(first + count - keep + i));
  const elided: ElidedRows = {
    kind: 'elided',
    plane: plane.index,
    region,
    from: first + keep,
    to: first + count - keep - 1,
    count: count - 2 * keep,
  };
  return [...head, elided, ...tail];
}

/** The boundary after each plane, in the order the planes lie in memory. */
export function planeBoundaries(
  planes: readonly PlaneFacts[],
  together: boolean,
  options: BoundaryOptions = BOUNDARY_ROWS,
): PlaneBoundary[] {
  const ordered = together ? [...planes].sort((a, b) => (a.offsetFromPlane0 ?? 0) - (b.offsetFromPlane0 ?? 0)) : planes;
  return ordered.map((plane, order) => {
    const before = Math.min(options.before, plane.height);
    const lines: BoundaryLine[] = [
      ...run(plane, 'visible', plane.height - before, before, options.maxRun),
      ...run(plane, 'coded-not-displayed', plane.height, plane.codedRowsNotDisplayed, options.maxRun),
      ...run(
        plane,
        'allocator-padding',
        plane.height + plane.codedRowsNotDisplayed,
        plane.allocatorPaddingRows,
        options.maxRun,
      ),
    ];
    const next = ordered[order + 1];
    if (together && next !== undefined) {
      const offset = (next.offsetFromPlane0 ?? 0) - (plane.offsetFromPlane0 ?? 0);
      const after = Math.min(options.after, next.rows);
      for (let r = 0; r < after; r += 1) {
        lines.push({
          kind: 'row',
          plane: next.index,
          row: r,
          allocationRow: allocationRow(next, r),
          region: 'next-plane',
        });
      }
      return {
        plane,
        lines,
        end: {
          kind: 'next-plane',
          plane: next,
          offset,
          rows: Math.floor(offset / plane.pitch),
          pitch: plane.pitch,
          remainder: offset % plane.pitch,
        },
      };
    }
    return {
      plane,
      lines,
      end: {
        kind: 'allocation-end',
        rows: plane.rows,
        pitch: plane.pitch,
        tailBytes: plane.tailBytes,
        size: plane.allocation?.size ?? null,
        separateNext: !together && next !== undefined ? next : null,
      },
    };
  });
}

/** A run of bytes of one row that lie in one region, from byte start (inside the row) for length bytes. */
export interface RowSpan {
  region: MemoryRegion;
  start: number;
  length: number;
}

/**
 * The spans of one row of a plane by region: displayed samples, coded columns and right padding for picture rows;
 * the coded width and right padding for rows coded but not displayed; one span for allocator padding and anything
 * outside the planes and the next plane (its own rows are spanned as 'visible' through its own facts).
 */
export function rowSpans(plane: PlaneFacts, region: MemoryRegion): RowSpan[] {
  const spans: RowSpan[] = [];
  const add = (r: MemoryRegion, start: number, end: number): void => {
    if (end > start) spans.push({ region: r, start, length: end - start });
  };
  if (region === 'visible') {
    add('visible', 0, plane.visibleBytes);
    add('coded-not-displayed', plane.visibleBytes, plane.codedBytes);
    add('right-padding', plane.codedBytes, plane.pitch);
  } else if (region === 'coded-not-displayed') {
    add('coded-not-displayed', 0, plane.codedBytes);
    add('right-padding', plane.codedBytes, plane.pitch);
  } else {
    add(region, 0, plane.pitch);
  }
  return spans;
}
