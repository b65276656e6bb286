/**
 * The two views that read the frame's memory, the pixel probe and the plane boundaries, bound to the store. They
 * follow a new frame one render behind the evidence panels (a deferred value), so stepping commits those first.
 */
import { memo, useContext, useDeferredValue, useMemo } from 'react';
import type { ThumbnailWire } from '../../../../contract/contract';
import type { FrameReport } from '../../../../contract/report';
import { StoreContext, useApp } from '../../store/context';
import { BoundaryPanel } from '../boundary/BoundaryPanel';
import type { MemoryAccess } from './memory-access';
import { ProbePanel } from './ProbePanel';
import { sideLabels } from '../../../../wording/sides';

/** Props of MemoryViews. */
export interface MemoryViewsProps {
  report: FrameReport;
  thumbnails: ThumbnailWire[];
  replay: boolean;
}

// Rendered again only when their own props change: a frame, a read, a failure.
const Probe = memo(ProbePanel);
const Boundary = memo(BoundaryPanel);

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
  const { cachedMemory, readMemory, setProbePin } = store.getState();
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
        sides={sides}
      />
      <Boundary report={report} replay={props.replay} memory={memory} />
    </>
  );
}
