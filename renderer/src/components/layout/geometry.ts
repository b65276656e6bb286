/**
 * To-scale geometry of a frame's allocation: memory drawn as rows of each plane's pitch, one unit per
 * byte across and one per row down, so every block's area is its size in bytes.
 */
import type { FrameReport, PlaneReport } from '../../../../electron/common/report';

/** What a block of memory holds. */
type BlockKind = 'head' | 'visible' | 'padding' | 'hidden' | 'tail';

/** One rectangle of the drawing. */
export interface LayoutBlock {
  kind: BlockKind;
  /** The plane the block belongs to (for hidden rows: the plane above them). */
  plane: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Bytes from plane 0's first byte. */
  byteStart: number;
  byteEnd: number;
  /** Rows of the block's pitch it spans (may be fractional for odd gaps). */
  rows: number;
}

/** The whole drawing. */
export interface LayoutGeometry {
  width: number;
  height: number;
  blocks: LayoutBlock[];
  /** Gaps between planes that are not whole rows or that run backwards (planes out of order). */
  anomalies: string[];
  /** True when the bytes after the last plane were shortened to keep the drawing readable. */
  tailTruncated: boolean;
  /** Rows (y) where a break between separate allocations is drawn. */
  separators: number[];
  /** Whether all planes share one allocation (otherwise gaps between them mean nothing). */
  together: boolean;
}

/** Longest tail drawn, as a fraction of the planes' rows. */
const MAX_TAIL_FRACTION = 0.25;

/** Computes the drawing for a report's planes and allocation. */
export function layoutGeometry(report: Pick<FrameReport, 'planes' | 'allocation'>): LayoutGeometry {
  const together = report.allocation.planesInOneAllocation;
  const planes = [...report.planes].sort((a, b) =>
    together ? (a.offsetFromPlane0 ?? 0) - (b.offsetFromPlane0 ?? 0) : a.index - b.index,
  );
  const width = Math.max(1, ...planes.map((plane) => plane.pitch));
  const blocks: LayoutBlock[] = [];
  const anomalies: string[] = [];
  const separators: number[] = [];
  const separatorRows = Math.max(2, planes.reduce((sum, plane) => sum + plane.height, 0) * 0.02);
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
      byteStart: -head,
      byteEnd: 0,
      rows,
    });
    y += rows;
  }
  let tailTruncated = false;
  planes.forEach((plane, order) => {
    const start = plane.offsetFromPlane0 ?? 0;
    blocks.push(block('visible', plane, 0, y, plane.visibleBytesPerRow, plane.height, start));
    if (plane.pitch > plane.visibleBytesPerRow) {
      blocks.push(
        block(
          'padding',
          plane,
          plane.visibleBytesPerRow,
          y,
          plane.pitch - plane.visibleBytesPerRow,
          plane.height,
          start,
        ),
      );
    }
    y += plane.height;
    const end = start + plane.pitch * plane.height;
    const next = planes[order + 1];
    if (!together) {
      // Separate allocations: only the one that starts the reported range has a known tail.
      if (order === 0) {
        const tail = tailBlock(report, plane, y, y);
        if (tail !== null) {
          blocks.push(tail.block);
          tailTruncated ||= tail.truncated;
          y += tail.block.height;
        }
      }
      if (next !== undefined) {
        separators.push(y + separatorRows / 2);
        y += separatorRows;
      }
      return;
    }
    if (next === undefined) return;
    const gap = (next.offsetFromPlane0 ?? 0) - end;
    if (gap < 0) {
      anomalies.push(`plane ${next.index} starts ${-gap} bytes before plane ${plane.index} ends`);
    } else if (gap > 0) {
      const rows = gap / plane.pitch;
      if (!Number.isInteger(rows)) anomalies.push(`the gap after plane ${plane.index} is not a whole number of rows`);
      blocks.push({
        kind: 'hidden',
        plane: plane.index,
        x: 0,
        y,
        width: plane.pitch,
        height: rows,
        byteStart: end,
        byteEnd: next.offsetFromPlane0 ?? 0,
        rows,
      });
      y += rows;
    }
  });
  const last = planes[planes.length - 1];
  if (together && last !== undefined) {
    const tail = tailBlock(report, last, y, y - head);
    if (tail !== null) {
      blocks.push(tail.block);
      tailTruncated = tail.truncated;
      y += tail.block.height;
    }
  }
  return { width, height: Math.max(1, y), blocks, anomalies, tailTruncated, separators, together };
}

/** The bytes of the allocation after a plane, drawn at most MAX_TAIL_FRACTION of the rows above. */
function tailBlock(
  report: Pick<FrameReport, 'allocation'>,
  plane: PlaneReport,
  y: number,
  rowsAbove: number,
): { block: LayoutBlock; truncated: boolean } | null {
  const size = report.allocation.rangeSize;
  if (plane.offsetInAllocation === null || size === null) return null;
  const endInAllocation = plane.offsetInAllocation + plane.pitch * plane.height;
  const tailBytes = size - endInAllocation;
  if (tailBytes <= 0) return null;
  const fullRows = tailBytes / plane.pitch;
  const rows = Math.min(fullRows, Math.max(1, rowsAbove * MAX_TAIL_FRACTION));
  const byteStart = (plane.offsetFromPlane0 ?? 0) + plane.pitch * plane.height;
  return {
    block: {
      kind: 'tail',
      plane: plane.index,
      x: 0,
      y,
      width: plane.pitch,
      height: rows,
      byteStart,
      byteEnd: byteStart + tailBytes,
      rows: fullRows,
    },
    truncated: rows < fullRows,
  };
}

function block(
  kind: 'visible' | 'padding',
  plane: PlaneReport,
  x: number,
  y: number,
  width: number,
  height: number,
  planeStart: number,
): LayoutBlock {
  const byteStart = planeStart + x;
  const byteEnd = planeStart + plane.pitch * (height - 1) + x + width;
  return { kind, plane: plane.index, x, y, width, height, byteStart, byteEnd, rows: height };
}

/** Rows hidden after a plane (coded minus display), from the report or from the drawing. */
export function hiddenRowsAfter(plane: PlaneReport, geometry: LayoutGeometry): number {
  if (plane.hiddenRowsAfter !== null) return plane.hiddenRowsAfter;
  return geometry.blocks.find((b) => b.kind === 'hidden' && b.plane === plane.index)?.rows ?? 0;
}
