/**
 * The pixel probe: any plane at full resolution, zoomed up to 64×, read tile by tile through readMemory (never the
 * whole frame), with the plane's padding columns and hidden rows in view so their bytes can be probed too. The x and
 * y fields follow the pinned pixel, and typing in them moves it; Escape or Unpin drops the pin. The view control
 * chooses how samples are drawn (channel, range, value or word); the readout keeps the raw facts.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FrameReport } from '../../../../contract/report';
import { allPlaneFacts, type PlaneFacts } from '../../model/plane-facts';
import type { MemoryAccess } from './memory-access';
import { useMissedReads } from './missed-reads';
import type { SideLabels } from '../../../../wording/sides';
import { NOT_CAPTURED_ROW } from '../../../../wording/not-captured';
import { fieldValue, movePixel, pixelInView, pixelOffset, type PixelAt } from '../../model/pixel-address';
import { bytesInRead, rangesHolding, type PixelBytes } from './pixel-bytes';
import { pixelRegion } from '../../model/pixel-region';
import { ProbeCanvas } from './ProbeCanvas';
import { colourLine, cositedSamples, layoutOf, readPixel } from './probe-reading';
import { ProbeReadout } from './ProbeReadout';
import { ProbeJumps, ProbeNotes } from './ProbeNotes';
import { useEscapeUnpins, useWidth } from './probe-hooks';
import { decodePixel } from './sample-format';
import { ProbeViewControl } from './ProbeViewControl';
import { OPENING_VIEW, viewMapping, type ProbeViewChoice } from './view-choice';
import { centreOn, pixelCentre, planeGrid, planTiles, ZOOM_LEVELS, zoomView, type View } from '../../model/tile-plan';
import './probe.css';
import type { PlaneThumbnail } from '../../../../contract/show';
import { PanelToggle } from '../common/PanelToggle';

/** Props of ProbePanel. */
export interface ProbePanelProps {
  report: FrameReport;
  thumbnails: PlaneThumbnail[];
  /** True for a capture: it holds reports and thumbnails, not the frame's memory. */
  replay: boolean;
  memory: MemoryAccess;
  /** A place another panel asks the probe to go to (a decoder difference); a new serial moves it again. */
  goTo?: { plane: number; x: number; y: number; serial: number } | null;
  /** What the two sides are called (FFmpeg and NVCV unless a recorder capture names its objects). */
  sides?: SideLabels;
  /** Hears of the pinned pixel (a capture saved now keeps the rows around it). */
  onPin?: (pin: { plane: number; x: number; y: number } | null) => void;
  /** Shows a pixel's bytes in the hex view: its plane, its offset from the plane's first byte, its length. */
  onShowBytes?: (bytes: { plane: number; offset: number; length: number }) => void;
}

const VIEW_HEIGHT = 360;
const JUMP_ZOOM = 16;

/** The largest zoom level at which the whole plane fits the view. */
function fitView(columns: number, rows: number, width: number): View {
  const fit = Math.min(width / columns, VIEW_HEIGHT / rows);
  const zoom = [...ZOOM_LEVELS].reverse().find((level) => level <= fit) ?? ZOOM_LEVELS[0] ?? 1;
  return { zoom, x: 0, y: 0 };
}

/** The panel. */
export function ProbePanel({
  report,
  thumbnails,
  replay,
  memory,
  goTo = null,
  onPin,
  onShowBytes,
  sides,
}: ProbePanelProps) {
  const facts = useMemo(() => allPlaneFacts(report), [report]);
  const [planeIndex, setPlaneIndex] = useState(0);
  const plane: PlaneFacts | undefined = facts.find((p) => p.index === planeIndex) ?? facts[0];
  const grids = useMemo(() => new Map(facts.map((p) => [p.index, planeGrid(p)])), [facts]);
  const [width, setWidth] = useState(640);
  const box = useRef<HTMLDivElement>(null);
  const [chosenView, setView] = useState<View | null>(null);
  const [hover, setHover] = useState<PixelAt | null>(null);
  const [pinned, setPinned] = useState<PixelAt | null>(null);
  useEffect(() => onPin?.(pinned), [pinned, onPin]);
  const [jump, setJump] = useState({ x: '0', y: '0' });
  // The channel and range views: kept while frames step and planes change.
  const [viewChoice, setViewChoice] = useState<ProbeViewChoice>(OPENING_VIEW);
  const canvasBox = useRef<HTMLDivElement>(null);
  /** Pins a pixel (or drops the pin); the x and y fields follow a pin, and keep the last one's place after it. */
  const pinAt = (at: PixelAt | null): void => {
    setPinned(at);
    if (at !== null) setJump({ x: String(at.x), y: String(at.y) });
  };

  // Escape drops the pin from anywhere on the page while no dialog or popover is open (those take Escape first);
  // inside the panel the panel's own handler takes it before the page's shortcuts.
  const escapeUnpins = useEscapeUnpins(pinned !== null, setPinned);

  useWidth(box, setWidth);

  const grid = plane !== undefined ? grids.get(plane.index) : undefined;
  const view = chosenView ?? (grid !== undefined ? fitView(grid.columns, grid.rows, width) : { zoom: 1, x: 0, y: 0 });
  const viewport = useMemo(() => ({ width, height: VIEW_HEIGHT }), [width]);
  const plan = useMemo(
    () => (grid !== undefined ? planTiles(grid, view, viewport) : null),
    // The view's fields, not its identity: a fitted view is made anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [grid, view.zoom, view.x, view.y, viewport],
  );
  const reading = !replay && plan !== null && plan.withinBudget;
  const missed = useMissedReads(memory, report);

  useEffect(() => {
    if (!reading || plan === null) return;
    for (const tile of plan.tiles) if (memory.cached(tile.range) === undefined) void memory.read(tile.range);
  }, [reading, plan, memory, report]);

  // Another panel's request: that plane, the pixel pinned, centred at a zoom where its bytes can be read; taken once
  // per request (its serial), while rendering, as React's derived state is.
  const [goneTo, setGoneTo] = useState<number | null>(null);
  if (goTo !== null && goTo.serial !== goneTo) {
    setGoneTo(goTo.serial);
    setPlaneIndex(goTo.plane);
    setHover(null);
    setPinned({ plane: goTo.plane, x: goTo.x, y: goTo.y });
    setJump({ x: String(goTo.x), y: String(goTo.y) });
    setView(centreOn(goTo.x, goTo.y, JUMP_ZOOM, viewport));
  }
  useEffect(() => {
    if (goneTo !== null) box.current?.scrollIntoView({ block: 'center' });
  }, [goneTo]);

  // The readout follows the pointer, pinned or not; the pin comes back when the pointer leaves.
  const probe = hover ?? pinned;
  const bytesOf = (at: PixelAt): PixelBytes | null => {
    const g = grids.get(at.plane);
    if (g === undefined) return null;
    for (const range of rangesHolding(g, at)) {
      const entry = memory.cached(range);
      const found = entry !== undefined ? bytesInRead(entry, range, g, at) : null;
      if (found !== null) return found;
    }
    return null;
  };
  const cosited = probe !== null ? cositedSamples(report, facts, probe) : null;
  const wanted = useMemo(() => {
    if (probe === null) return [];
    const list = [probe];
    if (cosited !== null) list.push(cosited.y, cosited.u, cosited.v);
    return list;
  }, [probe, cosited]);

  const { read } = missed;
  useEffect(() => {
    for (const at of wanted) {
      const g = grids.get(at.plane);
      if (g === undefined || at.x >= g.columns || at.y >= g.rows) continue;
      const ranges = rangesHolding(g, at);
      if (ranges.some((range) => memory.cached(range) !== undefined)) continue;
      const single = ranges[ranges.length - 1];
      if (single !== undefined) read(single);
    }
  }, [wanted, grids, memory, read]);

  if (plane === undefined || grid === undefined || plan === null) return null;
  const layout = layoutOf(report, plane);
  const probeBytes = probe !== null ? bytesOf(probe) : null;
  const probeFacts = probe !== null ? facts.find((p) => p.index === probe.plane) : undefined;
  const pixelReading =
    probe !== null && probeFacts !== undefined
      ? readPixel(
          probeFacts,
          layoutOf(report, probeFacts),
          probe,
          probeBytes?.bytes ?? null,
          probeBytes?.region ?? pixelRegion(probeFacts, probe.x, probe.y),
        )
      : null;
  const valueOf = (at: { plane: number; x: number; y: number; component: number }): number | null => {
    const f = facts.find((p) => p.index === at.plane);
    const found = bytesOf(at);
    if (f === undefined || found === null) return null;
    return decodePixel(found.bytes, 0, layoutOf(report, f))[at.component]?.value ?? null;
  };
  // A capture answers from the rows it kept; elsewhere it says so, in plain words, never "reading" for ever: a
  // pixel whose read came back empty is not captured (a capture) or not read (a file, the failure said below).
  const pixelMissed = (at: PixelAt): boolean => {
    const g = grids.get(at.plane);
    const single = g === undefined ? undefined : rangesHolding(g, at).at(-1);
    return single !== undefined && bytesOf(at) === null && missed.missed(single);
  };
  const notCapturedMessage = memory.error?.code === 'MEMORY_NOT_CAPTURED' ? memory.error.message : missed.notCaptured;
  const notCaptured = replay && notCapturedMessage !== null;
  const missingWords = replay ? NOT_CAPTURED_ROW : 'not read (see below)';
  const { rgb, note: rgbNote } = colourLine(report, cosited, pixelReading?.region ?? null, {
    missingWords,
    missed: cosited !== null && [cosited.y, cosited.u, cosited.v].some(pixelMissed),
    valueOf,
  });

  const tiles = plan.tiles.map((tile) => ({ ...tile, entry: memory.cached(tile.range) }));
  const mapping = viewMapping(
    viewChoice,
    layout,
    tiles.flatMap((t) => (t.entry !== undefined ? [t.entry] : [])),
    plane.bytesPerPixel,
  );
  const { stretch } = mapping;
  const thumbnail = !plan.withinBudget || replay ? (thumbnails.find((t) => t.plane === plane.index) ?? null) : null;
  const frameBytes = facts.reduce((sum, p) => sum + p.pitch * p.rows, 0);
  const jumpTo = (at: PixelAt): void => {
    pinAt(at);
    setView(centreOn(at.x, at.y, Math.max(view.zoom, JUMP_ZOOM), viewport));
  };
  /** Keeps a pixel on screen: the view moves to centre it when it lies at or past the view's edge. */
  const keepInView = (at: PixelAt): void => {
    if (!pixelInView(view, at, { width, height: VIEW_HEIGHT })) setView(centreOn(at.x, at.y, view.zoom, viewport));
  };
  // Typing a place moves the pin there as soon as both fields hold one inside the plane (Enter also zooms in).
  const typed = (next: { x: string; y: string }): void => {
    setJump(next);
    const x = fieldValue(next.x, grid.columns);
    const y = fieldValue(next.y, grid.rows);
    if (x === null || y === null) return;
    const at = { plane: plane.index, x, y };
    setPinned(at);
    setHover(null);
    keepInView(at);
  };
  const xInvalid = fieldValue(jump.x, grid.columns) === null;
  const yInvalid = fieldValue(jump.y, grid.rows) === null;
  const unpin = (): void => {
    setPinned(null);
    // The Unpin button goes with the pin: the keys stay with the view.
    canvasBox.current?.querySelector<HTMLElement>('canvas')?.focus({ preventScroll: true });
  };
  const choosePlane = (index: number): void => {
    setPlaneIndex(index);
    setView(null);
    pinAt(null);
    setHover(null);
  };
  const codedColumns = Math.floor(plane.codedBytes / plane.bytesPerPixel);
  return (
    <section className="panel probe" data-testid="probe-panel" aria-labelledby="probe-title" onKeyDown={escapeUnpins}>
      <header className="panel-head">
        <PanelToggle id="probe" title="Pixel probe" />
        <h2 id="probe-title">Pixel probe</h2>
        <span className="muted">
          {plane.name}: {grid.columns}×{grid.rows} pixels across its pitch and every row of its allocation
        </span>
      </header>
      <div className="probe-controls">
        <div role="group" aria-label="Plane">
          {facts.map((p) => (
            <button
              key={p.index}
              type="button"
              data-testid={`probe-plane-${p.index}`}
              aria-pressed={p.index === plane.index}
              onClick={() => choosePlane(p.index)}
            >
              {p.name}
            </button>
          ))}
        </div>
        <div role="group" aria-label="Zoom">
          <button type="button" data-testid="probe-zoom-out" onClick={() => setView(zoomView(view, -1, centre()))}>
            −
          </button>
          <span className="probe-zoom" data-testid="probe-zoom" data-zoom={view.zoom}>
            {view.zoom >= 1 ? `${view.zoom}×` : `1/${1 / view.zoom}×`}
          </span>
          <button type="button" data-testid="probe-zoom-in" onClick={() => setView(zoomView(view, 1, centre()))}>
            +
          </button>
          <button type="button" data-testid="probe-fit" onClick={() => setView(null)}>
            fit
          </button>
        </div>
        <form
          className="probe-jump"
          onSubmit={(event) => {
            event.preventDefault();
            const at = movePixel(
              { plane: plane.index, x: Number(jump.x), y: Number(jump.y) },
              0,
              0,
              grid.columns,
              grid.rows,
            );
            jumpTo(at);
          }}
        >
          <label>
            x{' '}
            <input
              data-testid="probe-x"
              inputMode="numeric"
              value={jump.x}
              aria-invalid={xInvalid}
              title={`0 to ${grid.columns - 1}`}
              onChange={(e) => typed({ ...jump, x: e.target.value })}
            />
          </label>
          <label>
            y{' '}
            <input
              data-testid="probe-y"
              inputMode="numeric"
              value={jump.y}
              aria-invalid={yInvalid}
              title={`0 to ${grid.rows - 1}`}
              onChange={(e) => typed({ ...jump, y: e.target.value })}
            />
          </label>
          <button type="submit" data-testid="probe-go">
            Probe
          </button>
        </form>
        <ProbeJumps plane={plane} columns={grid.columns} codedColumns={codedColumns} onJump={jumpTo} />
        <ProbeViewControl
          layout={layout}
          planeName={plane.name}
          swFormat={report.format.swFormat}
          choice={viewChoice}
          onChoice={setViewChoice}
          stretch={stretch}
        />
      </div>
      <div className="probe-body">
        <div className="probe-view" ref={box}>
          <div ref={canvasBox}>
            <ProbeCanvas
              facts={plane}
              layout={layout}
              mapping={mapping}
              grid={grid}
              view={view}
              width={width}
              height={VIEW_HEIGHT}
              tiles={tiles}
              thumbnail={thumbnail}
              probe={pinned ?? hover}
              onView={setView}
              zoomAnchor={pinned !== null && pinned.plane === plane.index ? pinned : null}
              onHover={setHover}
              onPick={(at) => pinAt(pinned !== null && pinned.x === at.x && pinned.y === at.y ? null : at)}
              onMove={(dx, dy) => {
                const from = pinned ?? hover ?? { plane: plane.index, x: 0, y: 0 };
                const at = movePixel(from, dx, dy, grid.columns, grid.rows);
                pinAt(at);
                keepInView(at);
              }}
            />
          </div>
          <ProbeNotes
            replay={replay}
            plan={plan}
            reading={reading}
            stats={memory.stats}
            frameBytes={frameBytes}
            notCaptured={notCaptured ? notCapturedMessage : null}
            error={memory.error}
            planeName={(index) => facts.find((p) => p.index === index)?.name ?? `plane ${index}`}
          />
        </div>
        <ProbeReadout
          reading={pixelReading}
          pin={pinned}
          rgb={rgb}
          rgbNote={rgbNote}
          rawNote={probe !== null && pixelMissed(probe) ? missingWords : null}
          {...(sides !== undefined ? { sides } : {})}
          onUnpin={unpin}
          {...(onShowBytes !== undefined
            ? {
                onShowBytes: (at: PixelAt) => {
                  const f = facts.find((p) => p.index === at.plane);
                  if (f === undefined) return;
                  const { offset } = pixelOffset(at.x, at.y, f.pitch, f.bytesPerPixel);
                  onShowBytes({ plane: at.plane, offset, length: f.bytesPerPixel });
                },
              }
            : {})}
        />
      </div>
    </section>
  );

  /** Where zooming holds still: the pinned pixel, where it is on screen, or the view's centre. */
  function centre(): { x: number; y: number } {
    if (pinned !== null && pinned.plane === plane?.index) return pixelCentre(view, pinned);
    return { x: width / 2, y: VIEW_HEIGHT / 2 };
  }
}
