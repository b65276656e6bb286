/**
 * The probe's view of one plane: tiles drawn nearest-neighbour (no smoothing) at any zoom, or the plane's thumbnail
 * where the tiles would exceed the budget; padding columns and hidden rows hatched over their bytes; from 16× a grid
 * between pixels and from 32× each pixel's values inside it (ProbeOverlay); samples drawn as the view control
 * chooses (channel, value or word, full scale or stretched). Wheel or +/− zoom, dragging pans,
 * hovering probes, a click pins the probe, arrow keys move it while the view has focus.
 */
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { MemoryBytes } from '../../store/probe-slice';
import type { PlaneFacts } from '../../model/plane-facts';
import { greyToRgba } from '../thumbnails/grey';
import type { PixelAt } from '../../model/pixel-address';
import type { SampleLayout } from './sample-format';
import { decodePixel } from './sample-format';
import { pixelRgb, shownSamples, tileRgba, type SampleMapping } from './tile-image';
import type { DrawnPixel } from './pixel-overlay';
import { ProbeOverlay } from './ProbeOverlay';
import { pixelCentre, pixelUnder, zoomView, type PlaneGrid, type View } from '../../model/tile-plan';
import type { PlaneThumbnail } from '../../../../contract/show';

/** Props of ProbeCanvas. */
export interface ProbeCanvasProps {
  facts: PlaneFacts;
  layout: SampleLayout;
  /** How samples become pixels: the channel, value or word, full scale or stretched (the view control). */
  mapping: SampleMapping;
  grid: PlaneGrid;
  view: View;
  width: number;
  height: number;
  /** The tiles the view needs, each with its bytes once read. */
  tiles: { key: string; tx: number; ty: number; entry: MemoryBytes | undefined }[];
  /** Drawn instead of tiles when the tiles are over the budget. */
  thumbnail: PlaneThumbnail | null;
  probe: PixelAt | null;
  /** A pinned pixel of this plane: zooming keeps it where it is on screen (otherwise the pixel under the pointer). */
  zoomAnchor?: PixelAt | null;
  onView(view: View): void;
  onHover(at: PixelAt | null): void;
  onPick(at: PixelAt): void;
  onMove(dx: number, dy: number): void;
}

const TILE = 64;

/** The regions drawn hatched, in pixels of the plane: [x0, y0, x1, y1, style]. */
function hatchedRects(facts: PlaneFacts, grid: PlaneGrid): [number, number, number, number, string][] {
  const codedColumns = Math.floor(facts.codedBytes / facts.bytesPerPixel);
  const codedRows = facts.height + facts.codedRowsNotDisplayed;
  return [
    [facts.width, 0, codedColumns, facts.height, 'coded'],
    [0, facts.height, codedColumns, codedRows, 'coded'],
    [codedColumns, 0, grid.columns, codedRows, 'padding'],
    [0, codedRows, grid.columns, grid.rows, 'padding'],
  ];
}

/** A canvas of stripes for one hatch style. */
function stripes(colour: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = 8;
  canvas.height = 8;
  const context = canvas.getContext('2d');
  if (context !== null) {
    context.strokeStyle = colour;
    context.lineWidth = 2.5;
    context.beginPath();
    context.moveTo(0, 8);
    context.lineTo(8, 0);
    context.moveTo(-2, 2);
    context.lineTo(2, -2);
    context.moveTo(6, 10);
    context.lineTo(10, 6);
    context.stroke();
  }
  return canvas;
}

/** The view. */
export function ProbeCanvas(props: ProbeCanvasProps) {
  const { facts, layout, mapping, grid, view, width, height, tiles, thumbnail, probe } = props;
  const ref = useRef<HTMLCanvasElement>(null);
  // Each tile's image, with the mapping it was drawn with: another mapping draws it anew.
  const images = useRef(new WeakMap<MemoryBytes, { mapping: string; image: HTMLCanvasElement }>());
  const mappingKey = JSON.stringify(mapping);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d') ?? null;
    if (canvas === null || context === null) return;
    const styles = getComputedStyle(canvas);
    context.imageSmoothingEnabled = false;
    context.fillStyle = styles.getPropertyValue('--bg') || '#15171c';
    context.fillRect(0, 0, width, height);
    const sx = (x: number): number => (x - view.x) * view.zoom;
    const sy = (y: number): number => (y - view.y) * view.zoom;
    if (thumbnail !== null) {
      const image = document.createElement('canvas');
      image.width = thumbnail.width;
      image.height = thumbnail.height;
      const rgba = greyToRgba(thumbnail.data, thumbnail.width, thumbnail.height);
      image.getContext('2d')?.putImageData(new ImageData(rgba, thumbnail.width, thumbnail.height), 0, 0);
      context.drawImage(image, sx(0), sy(0), facts.width * view.zoom, facts.height * view.zoom);
    }
    for (const tile of tiles) {
      if (tile.entry === undefined) continue;
      let image = images.current.get(tile.entry)?.image;
      if (image === undefined || images.current.get(tile.entry)?.mapping !== mappingKey) {
        const { read, bytes } = tile.entry;
        const pixels = tileRgba(bytes, read.rows, read.bytesPerRow, facts.bytesPerPixel, layout, mapping);
        image = document.createElement('canvas');
        image.width = pixels.width;
        image.height = pixels.height;
        image.getContext('2d')?.putImageData(new ImageData(pixels.rgba, pixels.width, pixels.height), 0, 0);
        images.current.set(tile.entry, { mapping: mappingKey, image });
      }
      const x = tile.tx * TILE;
      const y = tile.ty * TILE;
      context.drawImage(image, sx(x), sy(y), image.width * view.zoom, image.height * view.zoom);
    }
    const hatch = {
      coded: context.createPattern(stripes(styles.getPropertyValue('--hidden') || '#d97a1e'), 'repeat'),
      padding: context.createPattern(stripes(styles.getPropertyValue('--padding') || '#55407a'), 'repeat'),
    };
    for (const [x0, y0, x1, y1, style] of hatchedRects(facts, grid)) {
      if (x1 <= x0 || y1 <= y0) continue;
      const pattern = style === 'coded' ? hatch.coded : hatch.padding;
      if (pattern === null) continue;
      context.fillStyle = pattern;
      context.globalAlpha = 0.85;
      context.fillRect(sx(x0), sy(y0), (x1 - x0) * view.zoom, (y1 - y0) * view.zoom);
      context.globalAlpha = 1;
    }
    context.strokeStyle = styles.getPropertyValue('--muted') || '#9aa1b1';
    context.lineWidth = 1;
    context.strokeRect(sx(0), sy(0), grid.columns * view.zoom, grid.rows * view.zoom);
    context.strokeStyle = styles.getPropertyValue('--accent') || '#6cb6ff';
    context.strokeRect(sx(0), sy(0), facts.width * view.zoom, facts.height * view.zoom);
    if (probe !== null) {
      const size = Math.max(view.zoom, 5);
      const cx = sx(probe.x) + view.zoom / 2;
      const cy = sy(probe.y) + view.zoom / 2;
      context.strokeStyle = '#ffffff';
      context.lineWidth = 2;
      context.strokeRect(cx - size / 2 - 1, cy - size / 2 - 1, size + 2, size + 2);
      context.strokeStyle = '#000000';
      context.lineWidth = 1;
      context.strokeRect(cx - size / 2 - 2.5, cy - size / 2 - 2.5, size + 5, size + 5);
    }
    // The mapping by its key: the panel makes it anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facts, layout, mappingKey, grid, view, width, height, tiles, thumbnail, probe]);

  // The wheel zooms the view, so the page must not scroll: a listener that is not passive.
  useEffect(() => {
    const canvas = ref.current;
    if (canvas === null) return;
    const onWheel = (event: WheelEvent): void => {
      event.preventDefault();
      const box = canvas.getBoundingClientRect();
      const current = latest.current;
      const pin = current.zoomAnchor ?? null;
      const anchor =
        pin !== null ? pixelCentre(current.view, pin) : { x: event.clientX - box.left, y: event.clientY - box.top };
      current.onView(zoomView(current.view, event.deltaY < 0 ? 1 : -1, anchor));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, []);

  const pixelAt = (event: PointerEvent<HTMLCanvasElement>): PixelAt | null => {
    const box = event.currentTarget.getBoundingClientRect();
    const { x, y } = pixelUnder(view, event.clientX - box.left, event.clientY - box.top);
    if (x < 0 || y < 0 || x >= grid.columns || y >= grid.rows) return null;
    return { plane: facts.index, x, y };
  };

  // A pixel's samples from the tile that holds it, once read, for the values written inside the pixels.
  const byTile = new Map(tiles.map((tile) => [`${tile.tx},${tile.ty}`, tile.entry]));
  const drawnPixel = (x: number, y: number): DrawnPixel | null => {
    const entry = byTile.get(`${Math.floor(x / TILE)},${Math.floor(y / TILE)}`);
    if (entry === undefined) return null;
    const row = y - Math.floor(y / TILE) * TILE;
    const column = (x - Math.floor(x / TILE) * TILE) * facts.bytesPerPixel;
    if (row >= entry.read.rows || column + facts.bytesPerPixel > entry.read.bytesPerRow) return null;
    const samples = decodePixel(entry.bytes, row * entry.read.bytesPerRow + column, layout);
    return {
      samples: shownSamples(samples, mapping),
      representation: mapping.representation,
      rgb: pixelRgb(samples, layout, mapping),
    };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>): void => {
    const step = event.shiftKey ? 8 : 1;
    const pin = props.zoomAnchor ?? null;
    const centre = pin !== null ? pixelCentre(view, pin) : { x: width / 2, y: height / 2 };
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move !== undefined) props.onMove(move[0], move[1]);
    else if (event.key === '+' || event.key === '=') props.onView(zoomView(view, 1, centre));
    else if (event.key === '-' || event.key === '_') props.onView(zoomView(view, -1, centre));
    else return;
    // The app's own shortcuts (arrows step frames) must not see keys the probe used.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="probe-stage">
      <canvas
        ref={ref}
        className="probe-canvas"
        data-testid="probe-canvas"
        width={width}
        height={height}
        tabIndex={0}
        role="application"
        aria-label={`Pixel probe of plane ${facts.name}: click pins a pixel, arrow keys move it, Escape unpins, + and − zoom, drag to pan`}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          drag.current = { x: event.clientX, y: event.clientY, view, moved: false };
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (start !== null && event.buttons !== 0) {
            const dx = event.clientX - start.x;
            const dy = event.clientY - start.y;
            if (start.moved || Math.abs(dx) + Math.abs(dy) > 3) {
              start.moved = true;
              props.onView({ ...start.view, x: start.view.x - dx / view.zoom, y: start.view.y - dy / view.zoom });
            }
            return;
          }
          props.onHover(pixelAt(event));
        }}
        onPointerUp={(event) => {
          const start = drag.current;
          drag.current = null;
          if (start !== null && !start.moved) {
            const at = pixelAt(event);
            if (at !== null) props.onPick(at);
          }
        }}
        onPointerLeave={() => props.onHover(null)}
      />
      <ProbeOverlay view={view} grid={grid} width={width} height={height} pixelAt={drawnPixel} />
    </div>
  );
}
