/**
 * The reads that bring a boundary's rows: one read per run of consecutive rows of one plane (whole rows of its
 * pitch), and the bytes after the last whole row of an allocation, read as a part of one more row.
 */
import type { BoundaryRow, PlaneBoundary } from '../../model/boundary-rows';
import type { PlaneRange } from '../../model/tile-plan';

/** One read and the rows of the list it brings, in order. */
export interface BoundaryRead {
  range: PlaneRange;
  lines: BoundaryRow[];
}

/** The reads of a boundary's rows, and of the tail of its allocation when there is one. */
export function boundaryReads(boundary: PlaneBoundary): { reads: BoundaryRead[]; tail: PlaneRange | null } {
  const reads: BoundaryRead[] = [];
  for (const line of boundary.lines) {
    if (line.kind !== 'row') continue;
    const last = reads[reads.length - 1];
    if (last !== undefined && last.range.plane === line.plane && last.range.row + last.range.rows === line.row) {
      last.range = { ...last.range, rows: last.range.rows + 1 };
      last.lines.push(line);
    } else {
      reads.push({ range: { plane: line.plane, row: line.row, rows: 1 }, lines: [line] });
    }
  }
  const { end, plane } = boundary;
  const tail =
    end.kind === 'allocation-end' && end.tailBytes !== null && end.tailBytes > 0
      ? { plane: plane.index, row: end.rows, rows: 1, byteStart: 0, byteCount: Math.min(end.tailBytes, plane.pitch) }
      : null;
  return { reads, tail };
}
