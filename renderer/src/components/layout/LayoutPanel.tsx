/**
 * Plane layout: a to-scale drawing of the frame's memory with a row axis, magnified insets of every plane's end,
 * the two kinds of hidden rows named and explained, and the wrap verdicts.
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { allocatorPaddingReason, codedSizeReason, rightPaddingReason } from '../../../../wording/coded-size';
import { REGION_LABELS } from '../../../../contract/memory';
import { GlossaryButton } from '../glossary/GlossaryButton';
import type { FrameReport } from '../../../../contract/report';
import { formatBytes, groupHex } from '../../format';
import { Badge } from '../common/Badge';
import { planeBoundaries } from '../../model/boundary-rows';
import { layoutGeometry, hiddenRowsAfter } from './geometry';
import { LayoutDrawing } from './LayoutDrawing';
import { LayoutInset } from './LayoutInset';
import type { PlaneFacts } from '../../model/plane-facts';
import { drawingKey, insetKey } from './render-keys';
import './layout.css';
import { PanelToggle } from '../common/PanelToggle';
import { Disclosure } from '../common/Disclosure';
import { useGroupStop } from '../common/group-stop';

// Drawn again only when what they show changes (consecutive frames usually lay out alike).
const Drawing = memo(
  LayoutDrawing,
  (a, b) => a.onHover === b.onHover && drawingKey(a.geometry) === drawingKey(b.geometry),
);
const Inset = memo(
  LayoutInset,
  (a, b) =>
    a.onHover === b.onHover && a.planes.length === b.planes.length && insetKey(a.boundary) === insetKey(b.boundary),
);

/** Props of LayoutPanel. */
export interface LayoutPanelProps {
  report: FrameReport;
  /** The stream's codec (FFmpeg's name), for why the coded size exceeds the display size. */
  codec?: string | null;
}

/** Rows either side of a boundary in the inset, and the longest run shown whole. */
const INSET_ROWS = { before: 2, after: 2, maxRun: 12 };

function paddingText(plane: PlaneFacts): string {
  const coded = plane.codedBytes - plane.visibleBytes;
  const codedText = coded > 0 ? ` + ${coded} B ${REGION_LABELS['coded-not-displayed']}` : '';
  return `${plane.visibleBytes} B visible${codedText} + ${plane.rightPaddingBytes} B ${REGION_LABELS['right-padding']} = pitch ${plane.pitch}`;
}

function whereText(plane: PlaneFacts): string {
  if (!plane.separateAllocation && plane.offsetFromPlane0 !== null)
    return `offset ${plane.offsetFromPlane0} from plane 0`;
  const start = plane.allocation !== null ? plane.allocation.start : plane.ffmpegPointer;
  const size = plane.allocation !== null ? `, ${plane.allocation.size} B` : '';
  return `separate allocation at ${groupHex(`0x${start.toString(16)}`)}${size}`;
}

function hiddenText(plane: PlaneFacts): string {
  return `${hiddenRowsAfter(plane)} hidden rows after: ${plane.codedRowsNotDisplayed} ${REGION_LABELS['coded-not-displayed']} + ${plane.allocatorPaddingRows} ${REGION_LABELS['allocator-padding']}`;
}

/** The panel. */
export function LayoutPanel({ report, codec = null }: LayoutPanelProps) {
  const geometry = useMemo(() => layoutGeometry(report), [report]);
  const facts = useMemo(() => geometry.sections.map((section) => section.facts), [geometry]);
  const boundaries = useMemo(() => planeBoundaries(facts, geometry.together, INSET_ROWS), [facts, geometry]);
  // The readout belongs to the report it was made on: a new frame clears it however it was set (pointer or keyboard
  // focus), since it described the frame before.
  const [hovered, setHovered] = useState<{ report: FrameReport; text: string | null } | null>(null);
  // One handler for every frame, so the drawing and the insets are not drawn again when only the frame changed;
  // hovering happens after a commit, when the ref holds the report on screen.
  const shown = useRef(report);
  useLayoutEffect(() => {
    shown.current = report;
  }, [report]);
  const setHover = useCallback((text: string | null) => setHovered({ report: shown.current, text }), []);
  const hover = hovered !== null && hovered.report === report ? hovered.text : null;
  // The panel's buttons (collapse, glossary, the insets' summary) are one Tab stop; the drawing's blocks and each
  // inset's bands are a stop each.
  const group = useGroupStop();
  const { format, wrap } = report;
  const codedRows = facts.some((plane) => plane.codedRowsNotDisplayed > 0);
  const codedColumns = facts.some((plane) => plane.codedColumnsNotDisplayed > 0);
  const padded = facts.find((plane) => plane.allocatorPaddingRows > 0);
  const wide = facts.find((plane) => plane.rightPaddingBytes > 0);
  const reasons = [
    { key: 'rows', text: codedRows ? codedSizeReason(codec, 'rows', format.height, format.codedHeight) : null },
    {
      key: 'columns',
      text: codedColumns ? codedSizeReason(codec, 'columns', format.width, format.codedWidth) : null,
    },
    {
      key: 'allocator',
      text:
        padded !== undefined ? `${padded.name}: ${allocatorPaddingReason(padded.allocatorPaddingRows) ?? ''}` : null,
    },
    {
      key: 'right-padding',
      text: wide !== undefined ? `${wide.name}: ${rightPaddingReason(wide.rightPaddingBytes, wide.pitch) ?? ''}` : null,
    },
  ].filter((reason): reason is { key: string; text: string } => reason.text !== null);
  return (
    <section {...group} className="panel layout" data-testid="layout-panel" aria-labelledby="layout-title">
      <header className="panel-head">
        <PanelToggle id="layout" title="Plane layout" />
        <h2 id="layout-title">Plane layout</h2>
        <span className="muted">
          {format.swFormat} · display {format.width}×{format.height} · coded {format.codedWidth}×{format.codedHeight}
        </span>
      </header>
      <div className="layout-body">
        <Drawing geometry={geometry} onHover={setHover} />
        <div className="layout-legend">
          <p className="tooltip" data-testid="layout-tooltip" aria-live="polite">
            {hover ?? 'Hover a block or a row for its byte offsets.'}
          </p>
          <ul className="plane-facts">
            {facts.map((plane) => (
              <li key={plane.index} data-testid={`plane-facts-${plane.index}`}>
                <strong>{plane.name}</strong> {plane.width}×{plane.height} (coded {plane.codedWidth}×{plane.codedHeight}
                ) · {paddingText(plane)} · <span data-testid={`plane-where-${plane.index}`}>{whereText(plane)}</span>
                {hiddenRowsAfter(plane) > 0 ? (
                  <span className="hidden-rows" data-testid={`hidden-rows-${plane.index}`}>
                    {' '}
                    · {hiddenText(plane)}
                  </span>
                ) : null}
              </li>
            ))}
            {!geometry.together ? (
              <li className="muted" data-testid="separate-allocations">
                The planes live in separate allocations; each is drawn on its own with its own base and size, and
                nothing is said about the space between them.
              </li>
            ) : null}
            {facts.some((plane) => plane.derived) ? (
              <li className="muted" data-testid="derived-split">
                This report predates the split of hidden rows: coded and allocator rows are derived from the coded size.
              </li>
            ) : null}
            {geometry.tailTruncated ? <li className="muted">The rest of the allocation is drawn shortened.</li> : null}
            {geometry.anomalies.map((text) => (
              <li key={text} className="warn">
                {text}
              </li>
            ))}
            {geometry.together && report.allocation.rangeSize !== null ? (
              <li className="muted">allocation size {formatBytes(report.allocation.rangeSize)}</li>
            ) : null}
          </ul>
          {reasons.length > 0 ? (
            <dl className="layout-reasons" data-testid="layout-reasons">
              {reasons.map((reason) => (
                <div key={reason.key}>
                  <dt>why</dt>
                  <dd data-testid={`reason-${reason.key}`}>
                    {reason.text}
                    {reason.key === 'rows' || reason.key === 'columns' ? (
                      <GlossaryButton term="coded-not-displayed" />
                    ) : null}
                    {reason.key === 'allocator' ? <GlossaryButton term="allocator-padding" /> : null}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div className="verdicts">
            <div data-testid="verdict-image">
              <Badge
                tone={wrap.available ? 'ok' : 'bad'}
                text={wrap.available ? 'NVCV image: valid' : 'NVCV image: not wrapped'}
                testId="verdict-image-badge"
              />
              {wrap.formatName !== null ? (
                <code className="reason format-name" data-testid="nvcv-format">
                  {wrap.formatName}
                </code>
              ) : null}
              {wrap.formatName !== null ? <GlossaryButton term="nvcv-format" /> : null}
              {!wrap.available || wrap.descriptorOnly ? (
                <span className="reason" data-testid="wrap-reason">
                  {wrap.descriptorOnly ? 'Layout evidence only: ' : ''}
                  {wrap.reason}
                </span>
              ) : null}
            </div>
            <div data-testid="verdict-tensor">
              <Badge
                tone={!wrap.tensor.attempted ? 'unknown' : wrap.tensor.valid ? 'ok' : 'bad'}
                text={
                  !wrap.tensor.attempted
                    ? 'single tensor: not tried'
                    : wrap.tensor.valid
                      ? `single tensor: valid ${wrap.tensor.shape?.join('×') ?? ''} ${wrap.tensor.layout ?? ''}`
                      : 'single tensor: invalid'
                }
                testId="verdict-tensor-badge"
              />
              <GlossaryButton term="single-tensor" />
              <span className="reason" data-testid="tensor-reason">
                {wrap.tensor.reason}
                {wrap.tensor.assumedChromaRow !== null &&
                wrap.tensor.actualChromaRow !== null &&
                wrap.tensor.assumedChromaRow !== wrap.tensor.actualChromaRow
                  ? ` (a 1.5×H tensor assumes chroma at row ${wrap.tensor.assumedChromaRow}; it starts at row ${wrap.tensor.actualChromaRow})`
                  : ''}
              </span>
            </div>
          </div>
        </div>
      </div>
      {/* The insets magnify the rows around every plane's end; they follow the drawing, one click away. */}
      <Disclosure
        id="layout-insets"
        className="layout-insets-part"
        summary={`Rows around each plane's end, magnified (${boundaries.length} inset${boundaries.length === 1 ? '' : 's'})`}
      >
        <div className="layout-insets" data-testid="layout-insets">
          {boundaries.map((boundary) => (
            <Inset key={boundary.plane.index} boundary={boundary} planes={facts} onHover={setHover} />
          ))}
        </div>
      </Disclosure>
    </section>
  );
}
