/** Words for the blocks and rows of the layout drawing: hover descriptions and the labels beside it. */
import { REGION_LABELS } from '../../../../contract/memory';
import { groupHex } from '../../format';
import type { BoundaryRow, PlaneBoundary } from '../../model/boundary-rows';
import type { LayoutBlock } from './geometry';
import type { PlaneFacts } from '../../model/plane-facts';

/** What each kind of block is called: the region's one name, and which way it runs where that matters. */
const KIND_TEXT: Record<LayoutBlock['kind'], string> = {
  head: `${REGION_LABELS['outside-planes']} (before the first plane)`,
  visible: 'visible pixels',
  'coded-columns': `${REGION_LABELS['coded-not-displayed']} (columns)`,
  padding: REGION_LABELS['right-padding'],
  'coded-rows': `${REGION_LABELS['coded-not-displayed']} (rows)`,
  'allocator-rows': REGION_LABELS['allocator-padding'],
  tail: `${REGION_LABELS['outside-planes']} (after the last row)`,
};

/** A row count as words: whole rows as a number, a part of a row in bytes. */
function rowsText(block: LayoutBlock): string {
  if (Number.isInteger(block.rows)) return `${block.rows} rows × ${block.width} B`;
  if (block.rows < 1) return `${block.byteEnd - block.byteStart} B`;
  return `${block.rows.toFixed(2)} rows × ${block.width} B`;
}

/** Words for a block, shown on hover. */
export function describeBlock(block: LayoutBlock, planeName: string): string {
  return `${planeName} · ${KIND_TEXT[block.kind]} · bytes ${block.byteStart}…${block.byteEnd} from the allocation’s first byte · ${rowsText(block)}`;
}

/** The label beside a plane's picture rows. */
export function planeLabel(plane: PlaneFacts): string {
  return `${plane.name} ${plane.width}×${plane.height}`;
}

/** The label beside the rows below a plane's picture: each kind of hidden row by its one name, then the tail. */
export function hiddenLabel(plane: PlaneFacts): string | null {
  const parts: string[] = [];
  if (plane.codedRowsNotDisplayed > 0) {
    parts.push(`${plane.codedRowsNotDisplayed} ${REGION_LABELS['coded-not-displayed']}`);
  }
  if (plane.allocatorPaddingRows > 0) parts.push(`${plane.allocatorPaddingRows} ${REGION_LABELS['allocator-padding']}`);
  if (parts.length === 0) return null;
  return `← ${parts.join(' + ')} rows`;
}

/** The label of the bytes after the last row of an allocation. */
export function tailLabel(block: LayoutBlock): string {
  const bytes = block.byteEnd - block.byteStart;
  const rows = Number.isInteger(block.rows) ? ` (${block.rows} rows)` : '';
  return `${bytes} B ${REGION_LABELS['outside-planes']}${rows}`;
}

/** Where the rows after a plane end: the next plane's first byte as rows × pitch, or the allocation's end. */
export function boundaryEndText(boundary: PlaneBoundary): string {
  const { plane, end } = boundary;
  if (end.kind === 'next-plane') {
    const remainder = end.remainder !== 0 ? ` + ${end.remainder}` : '';
    return `${end.plane.name} starts at byte ${end.offset} = ${end.rows} × ${end.pitch}${remainder} from ${plane.name}’s first byte`;
  }
  const rowsBytes = end.rows * end.pitch;
  const tail =
    end.tailBytes !== null && end.tailBytes > 0 ? ` + ${end.tailBytes} B ${REGION_LABELS['outside-planes']}` : '';
  const start =
    plane.offsetInAllocation !== null && plane.offsetInAllocation > 0 ? `${plane.offsetInAllocation} + ` : '';
  const size = end.size !== null ? ` = ${end.size} B` : '';
  return `${plane.name}’s allocation ends: ${start}${rowsBytes} = ${end.rows} × ${end.pitch}${tail}${size}`;
}

/** Where the plane after this one lives when it has an allocation of its own. */
export function separateAllocationText(plane: PlaneFacts): string {
  const where =
    plane.allocation !== null
      ? ` at ${groupHex(`0x${plane.allocation.start.toString(16)}`)}, ${plane.allocation.size} B`
      : ` at ${groupHex(`0x${plane.ffmpegPointer.toString(16)}`)}`;
  return `${plane.name} lies in a separate allocation${where}`;
}

/** Words for one row of a boundary list: which plane's row, its number in the allocation, its region, its bytes. */
export function rowText(line: BoundaryRow, plane: PlaneFacts): string {
  const inAllocation =
    line.allocationRow !== null && line.allocationRow !== line.row ? ` (allocation row ${line.allocationRow})` : '';
  const first = (plane.offsetInAllocation ?? 0) + line.row * plane.pitch;
  return `${plane.name} row ${line.row}${inAllocation} · ${REGION_LABELS[line.region]} · bytes ${first}…${first + plane.pitch} of ${plane.name}’s allocation`;
}
