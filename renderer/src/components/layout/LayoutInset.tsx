/**
 * A magnified inset of each plane's end: every row a band of its own (a handful of rows out of thousands, each
 * visible and hoverable), hidden rows hatched, each run labelled with its region's one name.
 */
import { useRef } from 'react';
import { REGION_LABELS } from '../../../../contract/memory';
import { useRovingFocus } from '../common/roving-focus';
import { boundaryEndText, rowText, separateAllocationText } from './block-text';
import { rowSpans, type BoundaryLine, type PlaneBoundary } from '../../model/boundary-rows';
import type { PlaneFacts } from '../../model/plane-facts';

/** Props of LayoutInset. */
export interface LayoutInsetProps {
  boundary: PlaneBoundary;
  planes: readonly PlaneFacts[];
  onHover(text: string | null): void;
}

/** The inset of one plane's end. */
export function LayoutInset({ boundary, planes, onHover }: LayoutInsetProps) {
  const { plane, lines, end } = boundary;
  // The inset's bands are one Tab stop; the arrow keys go from row to row.
  const rows = useRef<HTMLOListElement>(null);
  const roving = useRovingFocus(rows, '.inset-band');
  const factsOf = (index: number): PlaneFacts => planes.find((p) => p.index === index) ?? plane;
  const sameRun = (a: BoundaryLine | undefined, b: BoundaryLine): boolean =>
    a !== undefined && a.kind === 'row' && a.region === b.region && a.plane === b.plane;
  /** The label of a run of rows of one region, on its first row: the region's one name and the run's length. */
  const runLabel = (line: BoundaryLine, i: number): string => {
    if (sameRun(lines[i - 1], line)) return '';
    let count = 1;
    while (sameRun(lines[i + count], line)) count += 1;
    return line.region === 'visible' || line.region === 'next-plane'
      ? REGION_LABELS[line.region]
      : `${count} × ${REGION_LABELS[line.region]}`;
  };
  const target = end.kind === 'next-plane' ? `${plane.name} → ${end.plane.name}` : `end of ${plane.name}`;
  return (
    <figure className="inset" data-testid={`inset-${plane.index}`}>
      <figcaption>
        <strong>{target}</strong>, magnified: one band per row
      </figcaption>
      <ol className="inset-rows" data-group="" ref={rows} onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
        {lines.map((line, i) => {
          if (line.kind === 'elided') {
            return (
              <li key={`e-${line.from}`} className="inset-elided" data-testid="inset-elided">
                … {line.count} more rows of {REGION_LABELS[line.region]} (rows {line.from}–{line.to}) …
              </li>
            );
          }
          const facts = factsOf(line.plane);
          const text = rowText(line, facts);
          const spans = rowSpans(facts, line.region === 'next-plane' ? 'visible' : line.region);
          return (
            <li
              key={`${line.plane}-${line.row}`}
              className={`inset-row region-${line.region} plane-${line.plane % 4}`}
              data-testid={`inset-row-${line.plane}-${line.row}`}
              data-region={line.region}
            >
              <span className="inset-number">
                {facts.name} {line.row}
              </span>
              <span
                className="inset-band"
                tabIndex={0}
                role="img"
                aria-label={text}
                title={text}
                onMouseEnter={() => onHover(text)}
                onFocus={() => onHover(text)}
                onMouseLeave={() => onHover(null)}
                onBlur={() => onHover(null)}
              >
                {spans.map((span) => (
                  <span
                    key={span.start}
                    className={`inset-span span-${line.region === 'next-plane' ? 'next-plane' : span.region}`}
                    style={{ width: `${(span.length / facts.pitch) * 100}%` }}
                  />
                ))}
              </span>
              <span className="inset-kind">{runLabel(line, i)}</span>
            </li>
          );
        })}
      </ol>
      <p className="inset-end" data-testid={`inset-end-${plane.index}`}>
        {boundaryEndText(boundary)}
        {end.kind === 'allocation-end' && end.separateNext !== null ? (
          <>
            {' · '}
            <span data-testid={`inset-separate-${end.separateNext.index}`}>
              {separateAllocationText(end.separateNext)}
            </span>
          </>
        ) : null}
      </p>
    </figure>
  );
}
