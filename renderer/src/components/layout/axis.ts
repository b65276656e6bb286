/**
 * The row axis beside the layout drawing: ticks at row 0, the display height, the coded height, each plane's start
 * and the allocation's end. Ticks closer than a label's height are merged into one, so none overlaps another.
 */
import type { LayoutGeometry } from './geometry';

/** A place on the axis and what it marks. */
export interface TickMark {
  /** Drawing rows from the top. */
  y: number;
  label: string;
}

/** A tick as drawn: its place and every label merged into it, top to bottom. */
export interface Tick {
  y: number;
  labels: string[];
}

/**
 * Orders marks by place and merges each into the tick above it when they would be drawn too close: a tick of n
 * labels is n lines of minGapPx, centred on its place (scale: pixels per drawing row). Equal labels at one tick
 * are kept once.
 */
export function mergeTicks(marks: readonly TickMark[], scale: number, minGapPx: number): Tick[] {
  const sorted = [...marks].filter((mark) => Number.isFinite(mark.y)).sort((a, b) => a.y - b.y);
  const ticks: Tick[] = [];
  for (const mark of sorted) {
    const last = ticks[ticks.length - 1];
    if (last !== undefined && (mark.y - last.y) * scale < (minGapPx * (last.labels.length + 1)) / 2) {
      if (!last.labels.includes(mark.label)) last.labels.push(mark.label);
    } else {
      ticks.push({ y: mark.y, labels: [mark.label] });
    }
  }
  return ticks;
}

/** The marks of a drawing: each plane's start, display height, coded height, and the end of its rows. */
export function layoutMarks(geometry: Pick<LayoutGeometry, 'sections'>): TickMark[] {
  const marks: TickMark[] = [];
  for (const { facts, y, end, endsAllocation } of geometry.sections) {
    const name = facts.name;
    marks.push({ y, label: `${name} row 0` });
    marks.push({ y: y + facts.height, label: `${name} ${facts.height} display` });
    const coded = facts.height + facts.codedRowsNotDisplayed;
    if (coded > facts.height) marks.push({ y: y + coded, label: `${name} ${coded} coded` });
    if (facts.rows > coded) marks.push({ y: y + facts.rows, label: `${name} ${facts.rows} allocated` });
    if (endsAllocation) marks.push({ y: end, label: 'allocation end' });
  }
  return marks;
}
