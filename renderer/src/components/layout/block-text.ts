/** Words for the blocks of the layout drawing: a hover description and a short label. */
import type { LayoutBlock } from './geometry';

const KIND_TEXT: Record<LayoutBlock['kind'], string> = {
  head: 'before plane 0',
  visible: 'visible pixels',
  padding: 'right padding',
  hidden: 'hidden rows',
  tail: 'rest of allocation',
};

/** Words for a block, shown on hover. */
export function describeBlock(block: LayoutBlock, planeName: string): string {
  const rows = Number.isInteger(block.rows) ? String(block.rows) : block.rows.toFixed(2);
  return `${planeName} · ${KIND_TEXT[block.kind]} · bytes ${block.byteStart}…${block.byteEnd} from plane 0 · ${rows} rows × ${block.width} B`;
}

/** The short label drawn beside a block. */
export function blockLabel(block: LayoutBlock, planeName: string): string {
  const rows = Number.isInteger(block.rows) ? String(block.rows) : block.rows.toFixed(1);
  if (block.kind === 'hidden') return `← ${rows} hidden rows`;
  if (block.kind === 'tail') return `← ${rows} more rows`;
  return `${planeName}: ${rows} rows`;
}
