/** Plane layout: a to-scale drawing of the allocation, with padding, hidden rows and the wrap verdicts. */
import { useMemo, useState } from 'react';
import type { FrameReport } from '../../../../electron/common/report';
import { formatBytes } from '../../format';
import { Badge } from '../common/Badge';
import { blockLabel, describeBlock } from './block-text';
import { hiddenRowsAfter, layoutGeometry } from './geometry';

/** Props of LayoutPanel. */
export interface LayoutPanelProps {
  report: FrameReport;
}

/** The panel. */
export function LayoutPanel({ report }: LayoutPanelProps) {
  const geometry = useMemo(() => layoutGeometry(report), [report]);
  const [hover, setHover] = useState<string | null>(null);
  const { format, wrap } = report;
  const nameOf = (index: number): string =>
    report.planes.find((plane) => plane.index === index)?.name ?? `plane ${index}`;
  const font = (geometry.width * 1.6) / 22;
  return (
    <section className="panel layout" data-testid="layout-panel" aria-labelledby="layout-title">
      <header className="panel-head">
        <h2 id="layout-title">Plane layout</h2>
        <span className="muted">
          {format.swFormat} · display {format.width}×{format.height} · coded {format.codedWidth}×{format.codedHeight}
        </span>
      </header>
      <div className="layout-body">
        <svg
          data-testid="layout-svg"
          className="layout-svg"
          viewBox={`0 0 ${geometry.width * 1.6} ${geometry.height}`}
          preserveAspectRatio="xMinYMin meet"
          role="img"
          aria-label="Memory of the frame drawn to scale: bytes across, rows down"
        >
          {geometry.blocks.map((block, i) => {
            const label = describeBlock(block, nameOf(block.plane));
            return (
              <rect
                key={i}
                data-testid={`layout-block-${block.kind}-${block.plane}`}
                className={`block block-${block.kind} plane-${block.plane % 4}`}
                x={block.x}
                y={block.y}
                width={block.width}
                height={Math.max(block.height, 0.001)}
                tabIndex={0}
                onMouseEnter={() => setHover(label)}
                onFocus={() => setHover(label)}
                onMouseLeave={() => setHover(null)}
              >
                <title>{label}</title>
              </rect>
            );
          })}
          {geometry.separators.map((y) => (
            <line key={`sep-${y}`} className="separator" x1={0} x2={geometry.width} y1={y} y2={y} />
          ))}
          {geometry.blocks
            .filter((block) => block.kind !== 'padding' && block.kind !== 'head')
            .map((block, i) => (
              <text
                key={`label-${i}`}
                className={`block-label label-${block.kind}`}
                data-testid={block.kind === 'visible' ? undefined : `${block.kind}-label-${block.plane}`}
                x={geometry.width * 1.02}
                y={block.y + Math.max(block.height / 2, font * 0.4)}
                fontSize={font}
                dominantBaseline="middle"
              >
                {blockLabel(block, nameOf(block.plane))}
              </text>
            ))}
        </svg>
        <div className="layout-legend">
          <p className="tooltip" data-testid="layout-tooltip" aria-live="polite">
            {hover ?? 'Hover a block for its byte offsets.'}
          </p>
          <ul className="plane-facts">
            {report.planes.map((plane) => (
              <li key={plane.index} data-testid={`plane-facts-${plane.index}`}>
                <strong>{plane.name}</strong> {plane.width}×{plane.height} · {plane.visibleBytesPerRow} B visible +{' '}
                {plane.rightPadding} B padding = pitch {plane.pitch} · offset {plane.offsetFromPlane0}
                {hiddenRowsAfter(plane, geometry) > 0 ? (
                  <span className="hidden-rows" data-testid={`hidden-rows-${plane.index}`}>
                    {' '}
                    · {hiddenRowsAfter(plane, geometry)} hidden rows after
                  </span>
                ) : null}
              </li>
            ))}
            {!geometry.together ? (
              <li className="muted" data-testid="separate-allocations">
                The planes live in separate allocations; each is drawn on its own, the space between them is not shown.
              </li>
            ) : null}
            {geometry.tailTruncated ? <li className="muted">The rest of the allocation is drawn shortened.</li> : null}
            {geometry.anomalies.map((text) => (
              <li key={text} className="warn">
                {text}
              </li>
            ))}
            {report.allocation.rangeSize !== null ? (
              <li className="muted">allocation size {formatBytes(report.allocation.rangeSize)}</li>
            ) : null}
          </ul>
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
    </section>
  );
}
