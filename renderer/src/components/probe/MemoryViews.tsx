/** The two views that read the frame's memory, the pixel probe and the plane boundaries, bound to the store. */
import { useContext } from 'react';
import type { ThumbnailWire } from '../../../../electron/common/contract';
import type { FrameReport } from '../../../../electron/common/report';
import { StoreContext, useApp } from '../../store/context';
import { BoundaryPanel } from '../boundary/BoundaryPanel';
import type { MemoryAccess } from './memory-access';
import { ProbePanel } from './ProbePanel';

/** Props of MemoryViews. */
export interface MemoryViewsProps {
  report: FrameReport;
  thumbnails: ThumbnailWire[];
  replay: boolean;
}

/** Both views. */
export function MemoryViews({ report, thumbnails, replay }: MemoryViewsProps) {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('MemoryViews needs a StoreContext provider');
  const { version, stats, error } = useApp((state) => ({
    version: state.memoryVersion,
    stats: state.memoryStats,
    error: state.memoryError,
  }));
  const { cachedMemory, readMemory } = store.getState();
  const memory: MemoryAccess = { version, stats, error, cached: cachedMemory, read: readMemory };
  return (
    <>
      <ProbePanel report={report} thumbnails={thumbnails} replay={replay} memory={memory} />
      <BoundaryPanel report={report} replay={replay} memory={memory} />
    </>
  );
}
