/**
 * The reads of the frame on screen that came back empty, remembered by the view that asked: the store keeps only
 * the last failure, and a later read that succeeds clears it, so a row a capture did not keep would otherwise say
 * "reading…" for ever. A capture's last MEMORY_NOT_CAPTURED message is kept too: it lists the rows the capture holds.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReadMemoryParams } from '../../../../contract/memory';
import type { FrameReport } from '../../../../contract/report';
import type { MemoryAccess } from './memory-access';

/** A range of the frame's memory, as readMemory takes it. */
type Range = ReadMemoryParams['range'];

/** What one view knows of its empty reads. */
export interface MissedReads {
  /** Reads a range unless it is cached; a read that comes back empty is remembered as missed. */
  read(range: Range): void;
  /** True when a read of this range came back empty for the frame on screen. */
  missed(range: Range): boolean;
  /** The message of the frame's last MEMORY_NOT_CAPTURED failure (it names the rows kept), or null. */
  notCaptured: string | null;
}

/** A range as a key, its fields in a fixed order. */
function keyOf(range: Range): string {
  if ('plane' in range)
    return `p${range.plane}:${range.row}+${range.rows}:${range.byteStart ?? 0}+${range.byteCount ?? -1}`;
  return `o${range.offset}+${range.length}`;
}

/** What was missed, for one report: a new frame starts with none. */
interface Missed {
  report: FrameReport;
  keys: ReadonlySet<string>;
  message: string | null;
}

/** The view's reads and what it knows of those that came back empty. */
export function useMissedReads(memory: MemoryAccess, report: FrameReport): MissedReads {
  const [state, setState] = useState<Missed>({ report, keys: new Set(), message: null });
  const current = state.report === report ? state : { report, keys: new Set<string>(), message: null };
  const failure = memory.error;
  // The frame on screen now: a read of an earlier frame that comes back empty (gone stale) marks nothing.
  const shown = useRef(report);
  // What was missed as last rendered: a range missed once is not asked again for this frame (every failure renews
  // the store's error, and with it the reads, which would ask again and fail again without end).
  const known = useRef(current);
  useEffect(() => {
    shown.current = report;
    known.current = current;
  });
  // Kept while rendering, as React's derived state is: a later read that succeeds clears the store's failure.
  if (failure?.code === 'MEMORY_NOT_CAPTURED' && current.message !== failure.message)
    setState({ ...current, message: failure.message });
  const read = useCallback(
    (range: Range) => {
      if (memory.cached(range) !== undefined) return;
      if (known.current.report === report && known.current.keys.has(keyOf(range))) return;
      void memory.read(range).then((entry) => {
        if (entry !== null || shown.current !== report) return;
        const key = keyOf(range);
        setState((s) => {
          const base = s.report === report ? s : { report, keys: new Set<string>(), message: null };
          return base.keys.has(key) ? base : { ...base, keys: new Set([...base.keys, key]) };
        });
      });
    },
    [memory, report],
  );
  return { read, missed: (range) => current.keys.has(keyOf(range)), notCaptured: current.message };
}
