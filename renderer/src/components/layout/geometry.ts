/**
 * To-scale geometry of a frame's memory: rows of each plane's pitch, one unit per byte across and one per row down,
 * so every block's area is its size in bytes. Hidden rows are split into the rows the decoder coded but the picture
 * does not show, and the rows the allocator added; planes in separate allocations are drawn one below the other.
 */
import type { MemoryRegion } from '../../../../contract/memory';
import type { FrameReport } from '../../../../contract/report';
import { allPlaneFacts, type PlaneFacts } from '../../model/plane-facts';

/** What a block of memory holds. */
type BlockKind = 'head' | 'visible' | 'coded-columns' | 'padding' | 'coded-rows' | 'allocator-rows' | 'tail';

/** The memory region (contract/memory.ts) each kind of block lies in. */
export const BLOCK_REGION: Readonly<Record<BlockKind, MemoryRegion>> = {
  head: 'outside-planes',
  visible: 'visible',
  'coded-columns': 'coded-not-displayed',
  padding: 'right-padding',
  'coded-rows': 'coded-not-displayed',
  'allocator-rows': 'allocator-padding',
  tail: 'outside-planes',
};

/** One rectangle of the drawing. */
export interface LayoutBlock {
  kind: BlockKind;
  /** The plane the block belongs to (for rows below a plane: the plane above them). */
  plane: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Bytes from the first byte of the plane's allocation (plane 0's, when the planes share one). */
  byteStart: number;
  byteEnd: number;
  /** Rows of the block's pitch it spans (fractional for a tail shorter than a row). */
  rows: number;
}

/** Where one plane lies in the drawing. */
interface PlaneSection {
  facts: PlaneFacts;
  /** Drawing row of the plane's first row. */
  y: number;
  /** Drawing row where the rows after the plane (hidden rows and the tail) end. */
  end: number;
  /** The plane's first byte, counted from the first byte of its allocation (plane 0's when together). */
  byteStart: number;
  /** Whether the plane's rows are the last of their allocation. */
  endsAllocation: boolean;
}

/** The whole drawing. */
export interface LayoutGeometry {
  width: number;
  height: number;
  blocks: LayoutBlock[];
  sections: PlaneSection[];
  /** Gaps between planes that are not whole rows or that run backwards (planes out of order). */
  anomalies: string[];
  /** True when the bytes after the last plane were shortened to keep the drawing readable. */
  tailTruncated: boolean;
  /** Rows (y) where a break between separate allocations is drawn. */
  separators: number[];
  /** Whether all planes share one allocation (otherwise the space between them means nothing). */
  together: boolean;
}

/** Longest tail drawn, as a fraction of the planes' rows. */
const MAX_TAIL_FRACTION = 0.25;

/** Computes the drawing for a report's planes and allocation. */
export function layoutGeometry(report: Pick<FrameReport, 'format' | 'planes' | 'allocation'>): LayoutGeometry {
  const together = report.allocation.planesInOneAllocation;
  const all = allPlaneFacts(report);
  const planes = together ? [...all].sort((a, b) => (a.offsetFromPlane0 ?? 0) - (b.offsetFromPlane0 ?? 0)) : all;
  const width = Math.max(1, ...planes.map((plane) => plane.pitch));
  const blocks: LayoutBlock[] = [];
  const sections: PlaneSection[] = [];
  const anomalies: string[] = [];
  const separators: number[] = [];
  const pictureRows = planes.reduce((sum, plane) => sum + plane.height, 0);
  const separatorRows = Math.max(2, pictureRows * 0.02);
  let tailTruncated = false;
  let y = 0;
  const first = planes[0];
  const head = together ? (first?.offsetInAllocation ?? 0) : 0;
  if (first !== undefined && head > 0) {
    const rows = head / first.pitch;
    blocks.push({
      kind: 'head',
      plane: first.index,
      x: 0,
      y,
      width: first.pitch,
      height: rows,
      byteStart: 0,
      byteEnd: head,
      rows,
    });
    y += rows;
  }
  planes.forEach((plane, order) => {
    const start = together ? head + (plane.offsetFromPlane0 ?? 0) : (plane.offsetInAllocation ?? 0);
    const top = y;
    const rect = (kind: BlockKind, x: number, row: number, w: number, rows: number): void => {
      if (w <= 0 || rows <= 0) return;
      const byteStart = start + row * plane.pitch + x;
      const byteEnd = start + (row + rows - 1) * plane.pitch + x + w;
      blocks.push({ kind, plane: plane.index, x, y: top + row, width: w, height: rows, byteStart, byteEnd, rows });
    };
    const coded = plane.height + plane.codedRowsNotDisplayed;
    rect('visible', 0, 0, plane.visibleBytes, plane.height);
    rect('coded-columns', plane.visibleBytes, 0, plane.codedBytes - plane.visibleBytes, plane.height);
    rect('padding', plane.codedBytes, 0, plane.rightPaddingBytes, coded);
    rect('coded-rows', 0, plane.height, plane.codedBytes, plane.codedRowsNotDisplayed);
    rect('allocator-rows', 0, coded, plane.pitch, plane.allocatorPaddingRows);
    y = top + plane.rows;
    const next = planes[order + 1];
    if (together && next !== undefined) {
      const end = (plane.offsetFromPlane0 ?? 0) + plane.rows * plane.pitch;
      const gap = (next.offsetFromPlane0 ?? 0) - end;
      if (gap < 0) {
        anomalies.push(`plane ${next.index} starts ${-gap} bytes before plane ${plane.index}’s rows end`);
      } else if (gap > 0) {
        anomalies.push(`the gap after plane ${plane.index} is not a whole number of rows`);
        const rows = gap / plane.pitch;
        blocks.push({
          kind: 'tail',
          plane: plane.index,
          x: 0,
          y,
          width: plane.pitch,
          height: rows,
          byteStart: start + plane.rows * plane.pitch,
          byteEnd: start + plane.rows * plane.pitch + gap,
          rows,
        });
        y += rows;
      }
    } else if (plane.tailBytes !== null && plane.tailBytes > 0) {
      const fullRows = plane.tailBytes / plane.pitch;
      const rows = Math.min(fullRows, Math.max(fullRows < 1 ? fullRows : 1, (y - top) * MAX_TAIL_FRACTION));
      tailTruncated ||= rows < fullRows;
      const byteStart = start + plane.rows * plane.pitch;
      blocks.push({
        kind: 'tail',
        plane: plane.index,
        x: 0,
        y,
        width: plane.pitch,
        height: rows,
        byteStart,
        byteEnd: byteStart + plane.tailBytes,
        rows: fullRows,
      });
      y += rows;
    }
    sections.push({ facts: plane, y: top, end: y, byteStart: start, endsAllocation: !together || next === undefined });
    if (!together && next !== undefined) {
      separators.push(y + separatorRows / 2);
      y += separatorRows;
    }
  });
  return { width, height: Math.max(1, y), blocks, sections, anomalies, tailTruncated, separators, together };
}

/** Rows hidden after a plane: those coded but not displayed plus the allocator's. */
export function hiddenRowsAfter(plane: PlaneFacts): number {
  return plane.codedRowsNotDisplayed + plane.allocatorPaddingRows;
}
