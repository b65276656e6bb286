/**
 * Hover targets for the blocks too thin to point at (a few rows out of thousands): each gets a band at least
 * `minRows` tall. Thin blocks that lie close together (a plane's coded rows, its allocator rows and the bytes after
 * them) share the room: their bands are stacked in order and never overlap, so the pointer on the hidden rows finds
 * the hidden rows, not the bytes after them.
 */
import type { LayoutBlock } from './geometry';

/** A thin block's hover band, in rows of the drawing. */
export interface HoverTarget {
  block: LayoutBlock;
  y: number;
  height: number;
}

interface Span {
  top: number;
  bottom: number;
}

/** The rows a run of thin blocks' bands take together, placed where the run lies. */
function spanOf(run: readonly LayoutBlock[], minRows: number): Span {
  const first = run[0];
  const last = run[run.length - 1];
  if (first === undefined || last === undefined) return { top: 0, bottom: 0 };
  const total = run.reduce((sum, block) => sum + Math.max(block.height, minRows), 0);
  if (run.length === 1) {
    const centre = first.y + first.height / 2;
    return { top: centre - total / 2, bottom: centre + total / 2 };
  }
  // The first band ends where the first block ends, so the first two bands meet at the blocks' own boundary.
  const top = first.y + first.height - Math.max(first.height, minRows);
  return { top, bottom: top + total };
}

/** The bands of every block thinner than minRows rows (the visible picture is never thin enough to need one). */
export function hoverTargets(blocks: readonly LayoutBlock[], minRows: number): HoverTarget[] {
  const thin = blocks.filter((b) => b.kind !== 'visible' && b.height < minRows).sort((a, b) => a.y - b.y);
  const runs: LayoutBlock[][] = [];
  for (const block of thin) {
    const run = runs[runs.length - 1];
    if (run !== undefined && spanOf(run, minRows).bottom > spanOf([block], minRows).top) run.push(block);
    else runs.push([block]);
  }
  return runs.flatMap((run) => {
    let y = spanOf(run, minRows).top;
    return run.map((block) => {
      const height = Math.max(block.height, minRows);
      const target = { block, y, height };
      y += height;
      return target;
    });
  });
}
