/** The plane layout of inspect's table: where each plane's bytes lie, named as the memory regions are. */
import { formatFrameList } from '../../wording/frame-list';
import type { InspectOutput } from '../../contract/inspect-output';
import { REGION_LABELS } from '../../contract/memory';
import type { FrameReport, PlaneReport } from '../../contract/report';

const count = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * True when the plane lies in an allocation apart from plane 0's. Reports made before the field existed say so by a
 * plane outside plane 0's allocation (no offset in it) while the planes are not in one allocation.
 */
function separate(plane: PlaneReport, report: Pick<FrameReport, 'allocation'>): boolean {
  return (
    plane.separateAllocation ??
    (plane.index > 0 && plane.offsetInAllocation === null && !report.allocation.planesInOneAllocation)
  );
}

/** One plane in words: its size and pitch, its coded size, what lies right of and below the picture, and where. */
function planeLayoutWords(plane: PlaneReport, report: Pick<FrameReport, 'allocation'>): string {
  const parts = [`plane ${plane.index} ${plane.name}: ${plane.width}×${plane.height}, pitch ${plane.pitch}`];
  if (plane.codedWidth !== undefined && plane.codedHeight !== undefined) {
    parts.push(`coded ${plane.codedWidth}×${plane.codedHeight}`);
  }
  const coded = REGION_LABELS['coded-not-displayed'];
  if (plane.codedColumnsNotDisplayed !== undefined && plane.codedColumnsNotDisplayed > 0) {
    parts.push(`${count(plane.codedColumnsNotDisplayed, 'column')} ${coded}`);
  }
  if (plane.codedRowsNotDisplayed !== undefined && plane.codedRowsNotDisplayed !== null) {
    parts.push(`${count(plane.codedRowsNotDisplayed, 'row')} ${coded}`);
  }
  if (plane.allocatorPaddingRows !== undefined && plane.allocatorPaddingRows !== null) {
    parts.push(`${count(plane.allocatorPaddingRows, 'row')} ${REGION_LABELS['allocator-padding']}`);
  } else if (plane.codedRowsNotDisplayed === undefined && plane.hiddenRowsAfter !== null) {
    // A report made before the two kinds were told apart: only their sum is known.
    parts.push(`${count(plane.hiddenRowsAfter, 'row')} below the picture`);
  }
  if (separate(plane, report)) {
    const size = plane.allocation?.size;
    parts.push(`separate allocation${size !== undefined ? ` of ${size} bytes` : ''}`);
  } else if (plane.offsetFromPlane0 !== null) {
    parts.push(`offset ${plane.offsetFromPlane0}`);
  }
  return parts.join(' · ');
}

/** The layout lines: one block for each distinct layout, naming the frames that have it. */
export function layoutLines(output: InspectOutput): string[] {
  const layouts = new Map<string, { planes: string[]; frames: number[] }>();
  for (const frame of output.frames) {
    if (frame.report === null) continue;
    const report = frame.report;
    const planes = report.planes.map((plane) => `  ${planeLayoutWords(plane, report)}`);
    const key = planes.join('\n');
    const layout = layouts.get(key) ?? { planes, frames: [] };
    layout.frames.push(frame.index);
    layouts.set(key, layout);
  }
  return [...layouts.values()].flatMap(({ planes, frames }) => [
    `plane layout of frames ${formatFrameList(frames)}:`,
    ...planes,
  ]);
}
