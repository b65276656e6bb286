/**
 * What the drawing and an inset show, as one string each: consecutive frames of a clip usually lay their memory out
 * alike, and then neither needs drawing again.
 */
import { boundaryEndText, separateAllocationText } from './block-text';
import type { PlaneBoundary } from '../../model/boundary-rows';
import type { LayoutGeometry } from './geometry';

/** Everything the drawing shows: its size, its blocks, its separators and each plane's rows. */
export function drawingKey(geometry: LayoutGeometry): string {
  const blocks = geometry.blocks.map(
    (b) => `${b.kind}:${b.plane}:${b.x}:${b.y}:${b.width}:${b.height}:${b.byteStart}:${b.byteEnd}:${b.rows}`,
  );
  const sections = geometry.sections.map(
    ({ facts: f, y, end }) =>
      `${f.name}:${f.width}x${f.height}:${f.codedRowsNotDisplayed}:${f.allocatorPaddingRows}:${f.rows}:${y}:${end}`,
  );
  return [geometry.width, geometry.height, geometry.separators.join(','), ...sections, ...blocks].join('|');
}

/** Everything an inset shows: its rows, their regions and planes, and the words for where the plane ends. */
export function insetKey(boundary: PlaneBoundary): string {
  const lines = boundary.lines.map((line) =>
    line.kind === 'row'
      ? `${line.plane}:${line.row}:${line.allocationRow ?? ''}:${line.region}`
      : `${line.plane}:${line.from}-${line.to}:${line.region}`,
  );
  const { plane, end } = boundary;
  const spansOf = (p: PlaneBoundary['plane']): string =>
    `${p.name}:${p.pitch}:${p.visibleBytes}:${p.codedBytes}:${p.offsetInAllocation ?? ''}`;
  const spans = spansOf(plane) + (end.kind === 'next-plane' ? spansOf(end.plane) : '');
  const next =
    end.kind === 'allocation-end' && end.separateNext !== null ? separateAllocationText(end.separateNext) : '';
  return [spans, boundaryEndText(boundary), next, ...lines].join('|');
}
