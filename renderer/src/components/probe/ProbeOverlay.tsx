/**
 * The grid and the values over the probe's canvas: a grid of lines between pixels from GRID_ZOOM, each pixel's
 * sample values written inside it from VALUE_ZOOM. Drawn in the page (not the canvas), so the text is the page's
 * own crisp type; it takes no pointer events, the canvas under it does. The readout says the same to assistive
 * technology, so this layer is hidden from it.
 */
import type { PlaneGrid, View } from '../../model/tile-plan';
import { GRID_ZOOM, valueLabels, type DrawnPixel } from './pixel-overlay';

/** Props of ProbeOverlay. */
export interface ProbeOverlayProps {
  view: View;
  grid: PlaneGrid;
  width: number;
  height: number;
  /** A pixel's samples and drawn colour, or null while its bytes are not read. */
  pixelAt(x: number, y: number): DrawnPixel | null;
}

/** The overlay; nothing below GRID_ZOOM. */
export function ProbeOverlay({ view, grid, width, height, pixelAt }: ProbeOverlayProps) {
  if (view.zoom < GRID_ZOOM) return null;
  const labels = valueLabels(view, grid, width, height, pixelAt);
  const size = view.zoom;
  // Lines two pixels wide, dark then light, at every pixel's left and top edge: one of the two reads on any colour.
  const line = (direction: string): string =>
    `linear-gradient(${direction}, rgba(0, 0, 0, 0.55) 0 1px, rgba(255, 255, 255, 0.4) 1px 2px, transparent 2px)`;
  return (
    <div className="probe-overlay" aria-hidden="true" style={{ width, height }}>
      <div
        className="probe-grid"
        data-testid="probe-grid"
        data-zoom={size}
        style={{
          left: (0 - view.x) * size,
          top: (0 - view.y) * size,
          width: grid.columns * size,
          height: grid.rows * size,
          backgroundImage: `${line('to right')}, ${line('to bottom')}`,
          backgroundSize: `${size}px ${size}px`,
        }}
      />
      {labels.map((label) => (
        <span
          key={`${label.at.x},${label.at.y}`}
          className={`probe-value probe-value-${label.tone}`}
          data-testid="probe-value"
          data-x={label.at.x}
          data-y={label.at.y}
          data-tone={label.tone}
          style={{
            left: label.left,
            top: label.top,
            width: size,
            height: size,
            // A word in hex ("0x8000") takes six characters: smaller type keeps it inside 32 pixels.
            fontSize: size >= 64 ? 13 : label.lines.some((l) => l.length > 4) ? 8 : label.lines.length > 1 ? 9 : 11,
          }}
        >
          {label.lines.map((text) => (
            <span key={text}>{text}</span>
          ))}
        </span>
      ))}
    </div>
  );
}
