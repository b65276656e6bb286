/**
 * The to-scale drawing: an SVG that fills its column (viewBox, width 100%), a row axis left of it and labels right
 * of it as HTML placed at the same heights, so no label is ever clipped. Thin blocks get a taller hover target.
 */
import { useId, useRef } from 'react';
import { useRovingFocus } from '../common/roving-focus';
import { mergeTicks, layoutMarks } from './axis';
import { describeBlock, hiddenLabel, planeLabel, tailLabel } from './block-text';
import { BLOCK_REGION, type LayoutGeometry } from './geometry';
import { hoverTargets } from './hover-targets';
import { DRAWING_HEIGHT_PX, MIN_LABEL_GAP_PX, MIN_TARGET_PX } from './sizes';

/** Props of LayoutDrawing. */
export interface LayoutDrawingProps {
  geometry: LayoutGeometry;
  onHover(text: string | null): void;
}

const HIDDEN_KINDS = new Set(['coded-rows', 'allocator-rows']);

/** The drawing with its axis and labels. */
export function LayoutDrawing({ geometry, onHover }: LayoutDrawingProps) {
  // The drawing's blocks are one Tab stop; the arrow keys go from block to block.
  const drawing = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(drawing, 'rect[tabindex]');
  const nameOf = (index: number): string =>
    geometry.sections.find((section) => section.facts.index === index)?.facts.name ?? `plane ${index}`;
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const hatchCoded = `hatch-coded-${id}`;
  const hatchAllocator = `hatch-allocator-${id}`;
  const fillOf = (kind: string): string | undefined =>
    kind === 'allocator-rows'
      ? `url(#${hatchAllocator})`
      : kind === 'coded-rows' || kind === 'coded-columns'
        ? `url(#${hatchCoded})`
        : undefined;
  const scale = DRAWING_HEIGHT_PX / geometry.height;
  // Stripes about 6 px apart whatever the drawing's proportions.
  const hatchX = geometry.width / 64;
  const hatchY = 6 / scale;
  const top = (y: number): string => `${((y / geometry.height) * 100).toFixed(3)}%`;
  const ticks = mergeTicks(layoutMarks(geometry), scale, MIN_LABEL_GAP_PX);
  const labelMarks = geometry.sections.flatMap(({ facts, y }) => {
    const hidden = hiddenLabel(facts);
    const marks = [{ y: y + facts.height / 2, label: planeLabel(facts) }];
    if (hidden !== null) marks.push({ y: y + facts.height, label: hidden });
    return marks;
  });
  for (const block of geometry.blocks) {
    if (block.kind === 'tail') labelMarks.push({ y: block.y + block.height / 2, label: tailLabel(block) });
  }
  const labels = mergeTicks(labelMarks, scale, MIN_LABEL_GAP_PX);
  const minRows = MIN_TARGET_PX / scale;
  const hover = (text: string) => ({
    onMouseEnter: () => onHover(text),
    onFocus: () => onHover(text),
    onMouseLeave: () => onHover(null),
    onBlur: () => onHover(null),
  });
  const hidden = (plane: number) => geometry.blocks.filter((b) => b.plane === plane && HIDDEN_KINDS.has(b.kind));
  const others = geometry.blocks.filter((b) => !HIDDEN_KINDS.has(b.kind));
  const planesWithHidden = [...new Set(geometry.blocks.filter((b) => HIDDEN_KINDS.has(b.kind)).map((b) => b.plane))];
  return (
    <div className="layout-figure" style={{ height: DRAWING_HEIGHT_PX }}>
      <ol className="layout-axis" data-testid="layout-axis" aria-label="Rows of each plane’s pitch">
        {ticks.map((tick) => (
          <li key={tick.y} style={{ top: top(tick.y) }} data-testid="layout-tick" data-row={tick.y}>
            {tick.labels.join('\n')}
          </li>
        ))}
      </ol>
      <div className="layout-drawing" data-group="" ref={drawing} onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
        <svg
          data-testid="layout-svg"
          className="layout-svg"
          viewBox={`0 0 ${geometry.width} ${geometry.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label="Memory of the frame drawn to scale: bytes across, rows down"
        >
          <defs>
            {[
              [hatchCoded, 'coded'],
              [hatchAllocator, 'allocator'],
            ].map(([pattern, kind]) => (
              <pattern key={kind} id={pattern} patternUnits="userSpaceOnUse" width={hatchX} height={hatchY}>
                <rect width={hatchX} height={hatchY} className={`hatch-back hatch-${kind ?? ''}`} />
                <line x1="0" y1={hatchY} x2={hatchX} y2="0" className="hatch-line" />
              </pattern>
            ))}
          </defs>
          {others.map((block, i) => (
            <rect
              key={`b-${i}`}
              data-testid={`layout-block-${block.kind}-${block.plane}`}
              data-region={BLOCK_REGION[block.kind]}
              className={`block block-${block.kind} plane-${block.plane % 4}`}
              x={block.x}
              y={block.y}
              width={block.width}
              height={Math.max(block.height, 0.001)}
              fill={fillOf(block.kind)}
              tabIndex={0}
              {...hover(describeBlock(block, nameOf(block.plane)))}
            >
              <title>{describeBlock(block, nameOf(block.plane))}</title>
            </rect>
          ))}
          {planesWithHidden.map((plane) => (
            <g key={`h-${plane}`} data-testid={`layout-block-hidden-${plane}`}>
              {hidden(plane).map((block) => (
                <rect
                  key={block.kind}
                  data-testid={`layout-block-${block.kind}-${block.plane}`}
                  data-region={BLOCK_REGION[block.kind]}
                  className={`block block-${block.kind}`}
                  x={block.x}
                  y={block.y}
                  width={block.width}
                  height={block.height}
                  fill={fillOf(block.kind)}
                  tabIndex={0}
                  {...hover(describeBlock(block, nameOf(block.plane)))}
                >
                  <title>{describeBlock(block, nameOf(block.plane))}</title>
                </rect>
              ))}
            </g>
          ))}
          {geometry.separators.map((y) => (
            <line key={`sep-${y}`} className="separator" x1={0} x2={geometry.width} y1={y} y2={y} />
          ))}
          {hoverTargets(geometry.blocks, minRows).map(({ block, y, height }, i) => (
            <rect
              key={`t-${i}`}
              data-testid={`layout-target-${block.kind}-${block.plane}`}
              data-region={BLOCK_REGION[block.kind]}
              className="target"
              x={block.x}
              y={y}
              width={block.width}
              height={height}
              tabIndex={0}
              {...hover(describeBlock(block, nameOf(block.plane)))}
            >
              <title>{describeBlock(block, nameOf(block.plane))}</title>
            </rect>
          ))}
        </svg>
      </div>
      <ul className="layout-labels" data-testid="layout-labels">
        {labels.map((label) => (
          <li key={label.y} style={{ top: top(label.y) }}>
            {label.labels.join('\n')}
          </li>
        ))}
      </ul>
    </div>
  );
}
