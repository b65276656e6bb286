/**
 * The views that read the frame's memory, the pixel probe, the hex view and the plane boundaries, bound to the
 * store. They follow a new frame one render behind the evidence panels (a deferred value), so stepping commits those
 * first. The probe's Show in hex brings the hex view to the pixel's bytes; the hex view's Probe this pixel puts the
 * probe on the pixel of a selected byte.
 */
import { memo, useCallback, useContext, useDeferredValue, useMemo, useState } from 'react';
import type { FrameReport } from '../../../../contract/report';
import { StoreContext, useApp } from '../../store/context';
import { BoundaryPanel } from '../boundary/BoundaryPanel';
import { HexPanel } from '../boundary/HexPanel';
import type { MemoryAccess } from './memory-access';
import { ProbePanel } from './ProbePanel';
import { sideLabels } from '../../../../wording/sides';
import type { PlaneThumbnail } from '../../../../contract/show';

/** Props of MemoryViews. */
export interface MemoryViewsProps {
  report: FrameReport;
  thumbnails: PlaneThumbnail[];
  replay: boolean;
}

// Rendered again only when their own props change: a frame, a read, a failure.
const Probe = memo(ProbePanel);
const Boundary = memo(BoundaryPanel);
const Hex = memo(HexPanel);

/** Both views. */
export function MemoryViews(props: MemoryViewsProps) {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('MemoryViews needs a StoreContext provider');
  const report = useDeferredValue(props.report);
  const thumbnails = useDeferredValue(props.thumbnails);
  const { version, stats, error, probeRequest, capture } = useApp((state) => ({
    version: state.memoryVersion,
    stats: state.memoryStats,
    error: state.memoryError,
    probeRequest: state.probeRequest,
    capture: state.capture,
  }));
  const sides = useMemo(() => sideLabels(capture, report.frameIndex), [capture, report.frameIndex]);
  const { cachedMemory, readMemory, setProbePin, probeAt } = store.getState();
  const [hexGoTo, setHexGoTo] = useState<{ plane: number; offset: number; length: number; serial: number } | null>(
    null,
  );
  const showBytes = useCallback(
    (bytes: { plane: number; offset: number; length: number }) =>
      setHexGoTo((before) => ({ ...bytes, serial: (before?.serial ?? 0) + 1 })),
    [],
  );
  const memory = useMemo<MemoryAccess>(
    () => ({
      version,
      stats: stats !== null && stats.report === report ? stats : null,
      error: error !== null && error.report === report ? error.error : null,
      cached: cachedMemory,
      read: readMemory,
    }),
    [version, stats, error, report, cachedMemory, readMemory],
  );
  return (
    <>
      <Probe
        report={report}
        thumbnails={thumbnails}
        replay={props.replay}
        memory={memory}
        goTo={probeRequest !== null && probeRequest.report === report ? probeRequest : null}
        onPin={setProbePin}
        onShowBytes={showBytes}
        sides={sides}
      />
      <Hex report={report} replay={props.replay} memory={memory} goTo={hexGoTo} onProbe={probeAt} />
      <Boundary report={report} replay={props.replay} memory={memory} />
    </>
  );
}
