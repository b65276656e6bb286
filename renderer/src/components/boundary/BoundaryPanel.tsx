/**
 * Plane boundaries as bytes: for the end of each plane, the last displayed rows, every row coded but not displayed
 * and every row of allocator padding, then the first rows of the next plane (its first byte marked with its offset
 * as rows × pitch) or the end of the allocation, each row read with readMemory and labelled with its region.
 */
import { Fragment, useEffect, useMemo, useState } from 'react';
import { REGION_LABELS } from '../../../../contract/memory';
import type { FrameReport } from '../../../../contract/report';
import { boundaryEndText, separateAllocationText } from '../layout/block-text';
import { BOUNDARY_ROWS, planeBoundaries, rowSpans, type BoundaryRow } from '../../model/boundary-rows';
import { allPlaneFacts, type PlaneFacts } from '../../model/plane-facts';
import type { MemoryAccess } from '../probe/memory-access';
import { useMissedReads } from '../probe/missed-reads';
import { NOT_CAPTURED_ROW, notCapturedWords } from '../../../../wording/not-captured';
import type { MemoryBytes } from '../../store/probe-slice';
import { layoutOf } from '../probe/probe-reading';
import { boundaryReads } from './boundary-reads';
import { rowRegions, type HexUnit } from './hex-row';
import { HexRow } from './HexRow';
import './boundary.css';
import { PanelToggle } from '../common/PanelToggle';

/** Props of BoundaryPanel. */
export interface BoundaryPanelProps {
  report: FrameReport;
  /** True for a capture: it holds no frame memory to read. */
  replay: boolean;
  memory: MemoryAccess;
}

/** A row's bytes and region spans from the read that holds it. */
function rowOf(
  entry: MemoryBytes | undefined,
  index: number,
): { bytes: Uint8Array; spans: ReturnType<typeof rowRegions> } | null {
  if (entry === undefined) return null;
  const { bytesPerRow, regions } = entry.read;
  return {
    bytes: entry.bytes.subarray(index * bytesPerRow, (index + 1) * bytesPerRow),
    spans: rowRegions(regions, index, bytesPerRow),
  };
}

/** The panel. */
export function BoundaryPanel({ report, replay, memory }: BoundaryPanelProps) {
  const facts = useMemo(() => allPlaneFacts(report), [report]);
  const boundaries = useMemo(
    () => planeBoundaries(facts, report.allocation.planesInOneAllocation, BOUNDARY_ROWS),
    [facts, report],
  );
  const [chosen, setChosen] = useState(0);
  const [whole, setWhole] = useState(false);
  const boundary = boundaries[Math.min(chosen, boundaries.length - 1)];
  const plan = useMemo(() => (boundary !== undefined ? boundaryReads(boundary) : null), [boundary]);
  const missed = useMissedReads(memory, report);
  const { read } = missed;

  useEffect(() => {
    if (plan === null) return;
    const ranges = [...plan.reads.map((r) => r.range), ...(plan.tail !== null ? [plan.tail] : [])];
    for (const range of ranges) read(range);
  }, [plan, read]);

  if (boundary === undefined || plan === null) return null;
  const factsOf = (index: number): PlaneFacts => facts.find((p) => p.index === index) ?? boundary.plane;
  // Samples of more than 8 bits lie in 16-bit words: those rows print words, the unit the samples are read in.
  const unitOf = (plane: PlaneFacts): HexUnit => {
    const layout = layoutOf(report, plane);
    return { bytes: layout.bytesPerSample === 2 ? 2 : 1, bigEndian: layout.bigEndian };
  };
  const unit = unitOf(boundary.plane);
  const readOf = (line: BoundaryRow) => plan.reads.find((r) => r.lines.includes(line));
  const bytesOf = (line: BoundaryRow) => {
    const found = readOf(line);
    if (found === undefined) return null;
    return rowOf(memory.cached(found.range), line.row - found.range.row);
  };
  // A capture that did not keep a row says so in the row; a live read that failed says so above the table.
  const missingWords = replay ? NOT_CAPTURED_ROW : 'not read';
  const lineMissing = (line: BoundaryRow): boolean => {
    const found = readOf(line);
    return found !== undefined && missed.missed(found.range);
  };
  const notCaptured = memory.error?.code === 'MEMORY_NOT_CAPTURED' || (replay && missed.notCaptured !== null);
  const planeName = (index: number): string => facts.find((p) => p.index === index)?.name ?? `plane ${index}`;
  const { end } = boundary;
  const endText = boundaryEndText(boundary);
  const tail = plan.tail !== null ? rowOf(memory.cached(plan.tail), 0) : null;
  return (
    <section className="panel boundary" data-testid="boundary-panel" aria-labelledby="boundary-title">
      <header className="panel-head">
        <PanelToggle id="boundary" title="Plane boundaries" />
        <h2 id="boundary-title">Plane boundaries as bytes</h2>
        <label className="boundary-whole">
          <input
            type="checkbox"
            data-testid="boundary-whole"
            checked={whole}
            onChange={(e) => setWhole(e.target.checked)}
          />{' '}
          whole rows
        </label>
      </header>
      <div role="group" aria-label="Boundary" className="boundary-choice">
        {boundaries.map((b, i) => (
          <button
            key={b.plane.index}
            type="button"
            data-testid={`boundary-choose-${b.plane.index}`}
            aria-pressed={b === boundary}
            onClick={() => setChosen(i)}
          >
            {b.end.kind === 'next-plane' ? `${b.plane.name} → ${b.end.plane.name}` : `end of ${b.plane.name}`}
          </button>
        ))}
      </div>
      {replay ? (
        <p className="muted" data-testid="boundary-replay">
          A capture keeps the rows around each plane’s end as they were read; rows it did not keep say so below.
        </p>
      ) : null}
      {notCaptured ? (
        <p className="muted boundary-not-captured" data-testid="boundary-not-captured">
          {notCapturedWords(
            memory.error?.code === 'MEMORY_NOT_CAPTURED' ? memory.error.message : missed.notCaptured,
            planeName,
          )}
        </p>
      ) : memory.error !== null ? (
        <p className="probe-error" role="alert" data-testid="boundary-error">
          <code>{memory.error.code}</code> {memory.error.message} — {memory.error.remedy}
        </p>
      ) : null}
      <div className="boundary-scroll">
        <table className="boundary-table" data-testid={`boundary-${boundary.plane.index}`}>
          <thead>
            <tr>
              <th scope="col">row</th>
              <th scope="col">plane row</th>
              <th scope="col">region</th>
              <th scope="col" data-testid="boundary-unit">
                {unit.bytes === 2
                  ? `16-bit words, ${unit.bigEndian ? 'big' : 'little'}-endian, as values (│ where the region changes)`
                  : 'bytes (│ where the region changes)'}
              </th>
            </tr>
          </thead>
          <tbody>
            {boundary.lines.map((line, i) => {
              if (line.kind === 'elided') {
                return (
                  <tr key={`e${line.from}`} className="boundary-elided" data-testid="boundary-elided">
                    <td colSpan={4}>
                      … {line.count} rows of {REGION_LABELS[line.region]} left out (rows {line.from}–{line.to}) …
                    </td>
                  </tr>
                );
              }
              const plane = factsOf(line.plane);
              const firstOfNext = line.region === 'next-plane' && boundary.lines[i - 1]?.region !== 'next-plane';
              const row = bytesOf(line);
              const missing = row === null && lineMissing(line);
              const spans = row?.spans ?? rowSpans(plane, line.region === 'next-plane' ? 'visible' : line.region);
              const testId = `boundary-row-${line.plane}-${line.row}`;
              return (
                <Fragment key={`${line.plane}-${line.row}`}>
                  {firstOfNext ? (
                    <tr className="boundary-divider">
                      <td colSpan={4} data-testid={`boundary-next-${boundary.plane.index}`}>
                        ▼ {endText}
                      </td>
                    </tr>
                  ) : null}
                  <tr
                    className={`boundary-line region-${line.region}${missing ? ' boundary-missing' : ''}`}
                    data-testid={testId}
                    data-region={line.region}
                    data-missing={missing}
                  >
                    <th scope="row" data-testid={`${testId}-number`}>
                      {line.allocationRow ?? line.row}
                    </th>
                    <td>
                      {plane.name} {line.row}
                      {line.region === 'next-plane' && line.row === 0 ? ' (first row)' : ''}
                    </td>
                    <td className="boundary-region">{REGION_LABELS[line.region]}</td>
                    <td>
                      <HexRow
                        bytes={row?.bytes ?? null}
                        spans={spans}
                        length={plane.pitch}
                        whole={whole}
                        unit={unitOf(plane)}
                        testId={`${testId}-hex`}
                        missing={missing ? missingWords : null}
                        {...(firstOfNext ? { firstByte: endText } : {})}
                      />
                    </td>
                  </tr>
                </Fragment>
              );
            })}
            {end.kind === 'allocation-end' ? (
              <>
                <tr className="boundary-divider">
                  <td colSpan={4} data-testid={`boundary-end-${boundary.plane.index}`}>
                    ▲ {endText}
                    {end.separateNext !== null ? ` · ${separateAllocationText(end.separateNext)}` : ''}
                  </td>
                </tr>
                {plan.tail !== null ? (
                  <tr
                    className="boundary-line region-outside-planes"
                    data-testid="boundary-tail"
                    data-region="outside-planes"
                  >
                    <th scope="row">{end.rows}</th>
                    <td>
                      {boundary.plane.name} {end.rows} (part)
                    </td>
                    <td className="boundary-region">{REGION_LABELS['outside-planes']}</td>
                    <td>
                      <HexRow
                        bytes={tail?.bytes ?? null}
                        spans={
                          tail?.spans ?? [{ region: 'outside-planes', start: 0, length: plan.tail.byteCount ?? 0 }]
                        }
                        length={plan.tail.byteCount ?? 0}
                        whole={whole}
                        unit={unit}
                        testId="boundary-tail-hex"
                        missing={tail === null && missed.missed(plan.tail) ? missingWords : null}
                      />
                    </td>
                  </tr>
                ) : null}
              </>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
