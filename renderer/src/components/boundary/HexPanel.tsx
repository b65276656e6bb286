/**
 * The hex view: any plane's bytes from its first byte, 16 to a line, read 256 bytes at a time through readMemory
 * (never the whole plane), each byte coloured by the region the read labelled it with and each start of a row of
 * the pitch marked. Go to an offset (or an address through either pointer), read the units as bytes, little-endian
 * 16-bit words or P010's 10 high bits, select with the mouse (drag, Shift+click) or the keys (Shift+arrows), copy
 * the selection as hex or as values, and go from a selected byte to its pixel in the probe; the probe's Show in
 * hex comes here with the pixel's bytes highlighted.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { FrameReport } from '../../../../contract/report';
import { formatCount } from '../../format';
import { allPlaneFacts, type PlaneFacts } from '../../model/plane-facts';
import { regionOfByte } from '../../model/pixel-region';
import type { PlaneRange } from '../../model/tile-plan';
import type { MemoryAccess } from '../probe/memory-access';
import { useMissedReads } from '../probe/missed-reads';
import { layoutOf } from '../probe/probe-reading';
import { NOT_CAPTURED_ROW } from '../../../../wording/not-captured';
import {
  BLOCK_BYTES,
  INTERPRETATIONS,
  LINE_BYTES,
  SELECTION_CAP,
  WINDOW_BYTES,
  WINDOW_LINES,
  blockReads,
  blocksOf,
  defaultInterpretation,
  hexText,
  moveWindow,
  offsetText,
  parseOffset,
  planeExtent,
  unitBytes,
  valuesText,
  windowAround,
  type Interpretation,
} from './hex-dump';
import { PanelToggle } from '../common/PanelToggle';
import { HexControls } from './HexControls';
import { HexSide } from './HexSide';
import { caretAt, hexCell, type ByteState } from './hex-cell';
import type { CopyState } from './hex-copy';

/** Props of HexPanel. */
export interface HexPanelProps {
  report: FrameReport;
  /** True for a capture: it holds only the rows it kept. */
  replay: boolean;
  memory: MemoryAccess;
  /** Bytes another panel asks the view to show (the probe's pixel); a new serial shows them again. */
  goTo?: { plane: number; offset: number; length: number; serial: number } | null;
  /** Puts the probe on a pixel of a plane. */
  onProbe?: (plane: number, x: number, y: number) => void;
}

/** A selection: the byte it started at and the unit it reaches, both aligned to the unit. */
interface Selection {
  anchor: number;
  focus: number;
}

/** The panel. */
export function HexPanel({ report, replay, memory, goTo = null, onProbe }: HexPanelProps) {
  const facts = useMemo(() => allPlaneFacts(report), [report]);
  const [planeIndex, setPlaneIndex] = useState(0);
  const plane: PlaneFacts | undefined = facts.find((p) => p.index === planeIndex) ?? facts[0];
  const extent = plane !== undefined ? planeExtent(plane) : 0;
  const [chosenStart, setStart] = useState(0);
  const start = moveWindow(chosenStart, 0, extent);
  const [chosen, setChosen] = useState<Interpretation | null>(null);
  const interpretation = chosen ?? (plane !== undefined ? defaultInterpretation(layoutOf(report, plane)) : 'u8');
  const unit = unitBytes(interpretation);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [target, setTarget] = useState<{ offset: number; length: number } | null>(null);
  const [field, setField] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const dragging = useRef(false);
  const table = useRef<HTMLTableElement>(null);
  const [scrollSerial, setScrollSerial] = useState(0);
  const missed = useMissedReads(memory, report);
  const { read } = missed;

  const align = (offset: number): number => Math.floor(offset / unit) * unit;
  /** Shows an offset: its window, the bytes selected and highlighted, scrolled into view. */
  const show = (at: { plane: number; offset: number; length: number }, inPlane: PlaneFacts): void => {
    const size = unitBytes(chosen ?? defaultInterpretation(layoutOf(report, inPlane)));
    const first = Math.floor(at.offset / size) * size;
    const last = Math.max(first, Math.floor((at.offset + at.length - 1) / size) * size);
    setPlaneIndex(at.plane);
    setStart(windowAround(at.offset, planeExtent(inPlane)));
    setSelection({ anchor: first, focus: last });
    setTarget({ offset: at.offset, length: at.length });
    setField(offsetText(at.offset));
    setFieldError(null);
    setCopyState('idle');
    setScrollSerial((n) => n + 1);
  };

  // Another panel's request, taken once per serial while rendering (React's derived state).
  const [goneTo, setGoneTo] = useState<number | null>(null);
  if (goTo !== null && goTo.serial !== goneTo) {
    setGoneTo(goTo.serial);
    const inPlane = facts.find((p) => p.index === goTo.plane);
    if (inPlane !== undefined) show(goTo, inPlane);
  }
  useEffect(() => {
    if (scrollSerial === 0) return;
    const cell = table.current?.querySelector<HTMLElement>('[data-target="true"]');
    cell?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  }, [scrollSerial]);

  // The reads of the blocks the window shows.
  const windowEnd = Math.min(extent, start + WINDOW_BYTES);
  const reads = useMemo(() => {
    const map = new Map<number, PlaneRange[]>();
    if (plane === undefined) return map;
    for (const block of blocksOf(start, windowEnd)) map.set(block, blockReads(plane, block, extent));
    return map;
  }, [plane, start, windowEnd, extent]);
  useEffect(() => {
    for (const ranges of reads.values()) for (const range of ranges) read(range);
  }, [reads, read]);

  if (plane === undefined) return null;
  const { pitch } = plane;

  /** The read of one byte, where its block is one the window asked for. */
  const readOf = (offset: number, ranges: readonly PlaneRange[]): PlaneRange | undefined => {
    const row = Math.floor(offset / pitch);
    return ranges.find((r) => r.row === row);
  };
  const byteAt = (offset: number): ByteState => {
    const ranges = reads.get(Math.floor(offset / BLOCK_BYTES)) ?? [];
    const range = readOf(offset, ranges);
    if (range === undefined) return 'reading';
    const entry = memory.cached(range);
    if (entry === undefined) return missed.missed(range) ? 'missed' : 'reading';
    const index = offset - range.row * pitch - (range.byteStart ?? 0);
    const value = entry.bytes[index];
    return value === undefined ? 'missed' : { value, region: regionOfByte(entry.read.regions, index) };
  };

  const span = selection !== null ? selectedBytes(selection) : null;
  function selectedBytes(s: Selection): { from: number; to: number } {
    const from = Math.min(align(s.anchor), align(s.focus));
    const to = Math.min(extent, Math.max(align(s.anchor), align(s.focus)) + unit, from + SELECTION_CAP);
    return { from, to };
  }

  /** The selected bytes, read where the window did not read them; null when a read came back empty. */
  const selectionBytes = async (from: number, to: number): Promise<number[] | null> => {
    const out: number[] = [];
    for (const block of blocksOf(from, to)) {
      const ranges = blockReads(plane, block, extent);
      const entries = await Promise.all(ranges.map((r) => memory.read(r)));
      for (let o = Math.max(from, block * BLOCK_BYTES); o < Math.min(to, (block + 1) * BLOCK_BYTES); o += 1) {
        const i = ranges.findIndex((r) => r.row === Math.floor(o / pitch));
        const range = ranges[i];
        const entry = entries[i];
        if (range === undefined || entry === undefined || entry === null) return null;
        const value = entry.bytes[o - range.row * pitch - (range.byteStart ?? 0)];
        if (value === undefined) return null;
        out.push(value);
      }
    }
    return out;
  };
  const copy = async (as: 'hex' | 'values'): Promise<void> => {
    if (span === null) return;
    const bytes = await selectionBytes(span.from, span.to);
    if (bytes === null) {
      setCopyState('not-read');
      return;
    }
    const text = as === 'hex' ? hexText(bytes) : valuesText(bytes, interpretation);
    try {
      await navigator.clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      setCopyState('refused');
    }
  };

  /** Moves the selection's focus (extending it, or a new one-unit selection) and keeps it in the window. */
  const moveTo = (offset: number, extend: boolean): void => {
    const at = Math.min(Math.max(0, align(offset)), align(Math.max(0, extent - 1)));
    setSelection(extend && selection !== null ? { anchor: selection.anchor, focus: at } : { anchor: at, focus: at });
    setCopyState('idle');
    if (at < start) setStart(moveWindow(Math.floor(at / LINE_BYTES) * LINE_BYTES, 0, extent));
    else if (at >= start + WINDOW_BYTES)
      setStart(moveWindow(Math.floor(at / LINE_BYTES) * LINE_BYTES - WINDOW_BYTES + LINE_BYTES, 0, extent));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const command = event.ctrlKey || event.metaKey;
    if (command && event.key.toLowerCase() === 'c') {
      void copy('hex');
    } else if (event.key === 'Escape' && selection !== null) {
      setSelection(null);
      setTarget(null);
    } else {
      const steps: Record<string, number> = {
        ArrowLeft: -unit,
        ArrowRight: unit,
        ArrowUp: -LINE_BYTES,
        ArrowDown: LINE_BYTES,
        PageUp: -WINDOW_BYTES,
        PageDown: WINDOW_BYTES,
      };
      const step = steps[event.key];
      if (step === undefined || command || event.altKey) return;
      const from = selection !== null ? align(selection.focus) : start;
      moveTo(selection !== null ? from + step : from, event.shiftKey);
    }
    // The page's own keys (arrows step frames, Escape) do not see keys the view used.
    event.preventDefault();
    event.stopPropagation();
  };
  const cellOffset = (event: MouseEvent<HTMLElement>): number | null => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-offset]');
    return cell !== null ? Number(cell.dataset.offset) : null;
  };

  const choosePlane = (index: number): void => {
    setPlaneIndex(index);
    setStart(0);
    setSelection(null);
    setTarget(null);
    setCopyState('idle');
  };
  const goToField = (): void => {
    const parsed = parseOffset(field, plane, extent);
    if ('error' in parsed) {
      setFieldError(parsed.error);
      return;
    }
    show({ plane: plane.index, offset: parsed.offset, length: unit }, plane);
  };

  // Where the selection starts, in the plane's rows and pixels.
  const pixelOf = (offset: number): { row: number; byte: number; x: number } => {
    const row = Math.floor(offset / pitch);
    const byte = offset - row * pitch;
    return { row, byte, x: Math.floor(byte / plane.bytesPerPixel) };
  };
  const first = span !== null ? pixelOf(span.from) : null;
  const probeable = first !== null && first.row < plane.rows;
  // The unit at the selection's moving end, read every way at once.
  const caret = selection === null ? null : caretAt(align(selection.focus), byteAt, extent);
  const anyMissing = Array.from({ length: windowEnd - start }, (_, i) => byteAt(start + i)).includes('missed');
  const missingWords = replay ? NOT_CAPTURED_ROW : 'not read';
  const reading = INTERPRETATIONS.find((i) => i.id === interpretation);

  const lines = Array.from({ length: WINDOW_LINES }, (_, i) => start + i * LINE_BYTES).filter((o) => o < extent);
  const columns = Array.from({ length: LINE_BYTES / unit }, (_, i) => i * unit);
  return (
    <section className="panel hex-view" data-testid="hex-panel" aria-labelledby="hex-title">
      <header className="panel-head">
        <PanelToggle id="hex" title="Memory as hex" />
        <h2 id="hex-title">Memory as hex</h2>
        <span className="muted">
          {plane.name}: offsets from the plane’s first byte, {formatCount(extent)} B to the end of its{' '}
          {plane.allocation !== null ? 'allocation' : 'rows'} · a row of the pitch is {formatCount(pitch)} B
        </span>
      </header>
      <HexControls
        facts={facts}
        plane={plane.index}
        onPlane={choosePlane}
        field={field}
        fieldError={fieldError}
        onField={(text) => {
          setField(text);
          setFieldError(null);
        }}
        onGo={goToField}
        interpretation={interpretation}
        onInterpretation={setChosen}
        start={start}
        extent={extent}
        onStart={setStart}
      />
      {fieldError !== null ? (
        <p className="probe-error" role="alert" id="hex-offset-error" data-testid="hex-offset-error">
          {fieldError}
        </p>
      ) : null}
      <div className="hex-body">
        <div
          className="hex-grid"
          data-testid="hex-grid"
          tabIndex={0}
          role="application"
          aria-label={`Bytes of plane ${plane.name} from offset ${offsetText(start)}: click, drag or Shift+click to select, arrow keys move, Shift+arrows select, Ctrl+C copies as hex, Escape clears`}
          aria-describedby="hex-selection"
          onKeyDown={onKeyDown}
        >
          <table
            ref={table}
            className={`hex-table hex-unit-${unit}`}
            data-testid="hex-table"
            data-start={start}
            data-interpretation={interpretation}
            onMouseDown={(event) => {
              const offset = cellOffset(event);
              if (offset === null || event.button !== 0) return;
              dragging.current = true;
              moveTo(offset, event.shiftKey);
              const stop = (): void => {
                dragging.current = false;
                window.removeEventListener('mouseup', stop);
              };
              window.addEventListener('mouseup', stop);
            }}
            onMouseOver={(event) => {
              const offset = cellOffset(event);
              if (!dragging.current || offset === null || selection === null) return;
              if (align(selection.focus) !== align(offset))
                setSelection({ anchor: selection.anchor, focus: align(offset) });
            }}
          >
            <thead>
              <tr>
                <th scope="col">offset</th>
                {columns.map((c) => (
                  <th scope="col" key={c}>
                    +{c.toString(16)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line}>
                  <th scope="row" data-testid={`hex-line-${line}`}>
                    {offsetText(line)}
                  </th>
                  {columns.map((c) => {
                    const offset = line + c;
                    if (offset >= extent) return <td key={c} />;
                    const { text, title, region, selected, targeted, classes } = hexCell({
                      offset,
                      byte: byteAt(offset),
                      second: unit === 2 ? byteAt(offset + 1) : null,
                      unit,
                      interpretation,
                      span,
                      target,
                      pitch,
                      where: pixelOf(offset),
                      missingWords,
                    });
                    return (
                      <td
                        key={c}
                        className={classes}
                        data-offset={offset}
                        data-testid={`hex-cell-${offset}`}
                        data-selected={selected}
                        data-target={targeted}
                        data-region={region ?? undefined}
                        title={title}
                      >
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <HexSide
          reading={reading}
          interpretation={interpretation}
          span={span}
          first={first}
          probeable={probeable}
          caret={caret}
          copyState={copyState}
          onCopy={(as) => void copy(as)}
          onProbe={
            onProbe !== undefined
              ? () => {
                  if (first !== null && probeable) onProbe(plane.index, first.x, first.row);
                }
              : null
          }
          missing={anyMissing ? missingWords : null}
          replay={replay}
        />
      </div>
    </section>
  );
}
