/**
 * Reads of the frame's memory for the pixel probe and the boundary view: bounded byte ranges of the frame on screen,
 * fetched a few at a time, cached for that frame only (emptied when the frame changes), and counted.
 */
import { toRpcError, type RpcError } from '../../../contract/envelope';
import type { MemoryRead, ReadMemoryParams } from '../../../contract/memory';
import type { FrameReport } from '../../../contract/report';
import { rangeKey } from '../model/tile-plan';
import type { SliceCreator } from './types';

/** A read and its bytes, decoded once. */
export interface MemoryBytes {
  read: MemoryRead;
  bytes: Uint8Array;
}

/** What the views show of the reading: this frame's reads, the last read's size, the file's running total. */
export interface MemoryStats {
  /** The frame the reads were of (the report on screen when they were made). */
  report: FrameReport;
  frameIndex: number;
  reads: number;
  frameBytes: number;
  lastBytes: number;
  /** Bytes read from the open file by every read so far, as the backend counts them. */
  totalBytesRead: number;
}

/** Memory-read state with its actions. */
export interface ProbeSlice {
  /** Grows whenever a read arrives; the views redraw on it. */
  memoryVersion: number;
  /** The reads of one frame; views show them only while that frame is theirs. */
  memoryStats: MemoryStats | null;
  /** The last read that failed, and the frame it was of. */
  memoryError: { report: FrameReport; error: RpcError } | null;
  /** A read of the frame on screen already in the cache. */
  cachedMemory(range: ReadMemoryParams['range']): MemoryBytes | undefined;
  /** Reads a range of the frame on screen (from the cache when it holds it); null when it failed or went stale. */
  readMemory(range: ReadMemoryParams['range']): Promise<MemoryBytes | null>;
  /** Forgets every read, without a render of its own; called when the frame on screen changes. */
  forgetMemory(): void;
  /** The pixel pinned in the probe (a capture keeps its band of rows), or null. */
  probePin: { plane: number; x: number; y: number } | null;
  setProbePin(pin: { plane: number; x: number; y: number } | null): void;
}

/** Reads in flight at once, well under serve mode's cap on requests before their answers. */
const MAX_IN_FLIGHT = 4;

/** Bytes the cache keeps for one frame before it forgets the oldest reads (32 MiB). */
const CACHE_BYTES = 32 * 1024 * 1024;

/** Creates the probe slice. */
export const createProbeSlice: SliceCreator<ProbeSlice> = (set, get, client) => {
  let cacheFor: FrameReport | null = null;
  const cache = new Map<string, MemoryBytes>();
  const pending = new Map<string, Promise<MemoryBytes | null>>();
  let cachedBytes = 0;
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  const slot = async (): Promise<void> => {
    if (inFlight < MAX_IN_FLIGHT) {
      inFlight += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight += 1;
  };
  const release = (): void => {
    inFlight -= 1;
    waiting.shift()?.();
  };
  const forget = (report: FrameReport | null): void => {
    cacheFor = report;
    cache.clear();
    pending.clear();
    cachedBytes = 0;
  };
  const keep = (key: string, entry: MemoryBytes): void => {
    cache.set(key, entry);
    cachedBytes += entry.bytes.length;
    for (const [oldKey, old] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldKey);
      cachedBytes -= old.bytes.length;
    }
  };

  return {
    memoryVersion: 0,
    probePin: null,
    setProbePin: (pin) => set({ probePin: pin }),
    memoryStats: null,
    memoryError: null,
    cachedMemory: (range) => (get().report === cacheFor ? cache.get(rangeKey(range)) : undefined),
    readMemory: (range) => {
      const report = get().report;
      if (report === null) return Promise.resolve(null);
      if (report !== cacheFor) forget(report);
      const key = rangeKey(range);
      const hit = cache.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const running = pending.get(key);
      if (running !== undefined) return running;
      const run = async (): Promise<MemoryBytes | null> => {
        await slot();
        try {
          if (get().report !== report) return null;
          const read = await client.call('readMemory', { index: report.frameIndex, range });
          if (get().report !== report) return null;
          const entry = { read, bytes: read.data };
          keep(key, entry);
          const before = get().memoryStats;
          const same = before !== null && before.report === report;
          set((state) => ({
            memoryVersion: state.memoryVersion + 1,
            memoryError: null,
            memoryStats: {
              report,
              frameIndex: report.frameIndex,
              reads: (same ? before.reads : 0) + 1,
              frameBytes: (same ? before.frameBytes : 0) + read.bytesRead,
              lastBytes: read.bytesRead,
              totalBytesRead: read.totalBytesRead,
            },
          }));
          return entry;
        } catch (error) {
          if (get().report === report) set({ memoryError: { report, error: toRpcError(error) } });
          return null;
        } finally {
          if (pending.get(key) === job) pending.delete(key);
          release();
        }
      };
      const job = run();
      pending.set(key, job);
      return job;
    },
    forgetMemory: () => forget(get().report),
  };
};
