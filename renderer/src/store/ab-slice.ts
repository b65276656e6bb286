/**
 * A/B: a frame kept aside (A) beside the frame on screen (B). A is the frame shown when it was pinned (two frames of
 * one file), or the same frame of another capture (the H200 capture against one made on the CPU, two drivers). The
 * file open live is hashed by the backend after it opens; the slice asks for its SHA-256 until it has it, and a side
 * pinned from that open takes it too, so the source verdict compares live files by their bytes.
 */
import type { CaptureSummary } from '../../../contract/capture-summary';
import type { PlaneThumbnail } from '../../../contract/show';
import type { FrameReport } from '../../../contract/report';
import { toRpcError } from '../../../contract/envelope';
import { sourceOf, type AbSource, type LiveHash } from './source-identity';
import { baseName } from '../format';
import type { SliceCreator } from './types';

/** The side kept aside. */
export interface AbSide {
  /** Where it came from, in words: "sample.mp4 · frame 13 · nvdec" or "gpu-capture.zci · frame 24 · NVIDIA H200, …". */
  label: string;
  origin: 'frame' | 'capture';
  report: FrameReport;
  thumbnails: PlaneThumbnail[];
  /** The capture it was read from (origin 'capture'). */
  capture: CaptureSummary | null;
  /** The source file it was decoded from, with its hash where known. */
  source: AbSource;
}

/** A/B state with actions. */
export interface AbSlice {
  pinned: AbSide | null;
  pinning: boolean;
  /** Keeps the frame on screen as A. */
  pinShown(): void;
  /** Reads the frame on screen's index from a capture file as A; false when it could not (the error is shown). */
  pinFromCapture(path: string): Promise<boolean>;
  clearPin(): void;
  /** The hash of the file open live (of the last open), as far as it is known. */
  liveHash: LiveHash | null;
  /** Asks the backend for the SHA-256 of the file just opened until it has it, or is told why there is none; an
   * open, capture or close after it ends the asking. Called as the open answers, before the file is shown. */
  hashLiveFile(file: string): Promise<void>;
}

/** The first wait between two sourceHash questions, and the longest: a small file is hashed before the first. */
const HASH_ASK_MS = { first: 25, most: 500 } as const;

/** Creates the A/B slice. */
export const createAbSlice: SliceCreator<AbSlice> = (set, get, client) => {
  let opens = 0;
  /** Keeps a live hash, and hands it to the side pinned from the same open. */
  const keep = (liveHash: LiveHash): void => {
    const pinned = get().pinned;
    const mine = pinned !== null && pinned.origin === 'frame' && pinned.source.open === liveHash.open;
    set(mine ? { liveHash, pinned: { ...pinned, source: sourceOf(null, liveHash.file, liveHash) } } : { liveHash });
  };
  return {
    liveHash: null,
    hashLiveFile: async (file) => {
      opens += 1;
      const open = opens;
      keep({ state: 'hashing', file, open, read: 0, size: 0 });
      // Another open, a capture or a close since: this file's answer is no longer wanted.
      const stale = (): boolean => get().liveHash?.open !== open || get().file !== file || get().capture !== null;
      let wait: number = HASH_ASK_MS.first;
      for (;;) {
        try {
          const answer = await client.call('sourceHash', {});
          if (stale() || answer.path !== file) return;
          if (answer.state === 'hashed') {
            keep({ state: 'hashed', file, open, sha256: answer.sha256, size: answer.size });
            return;
          }
          keep({ state: 'hashing', file, open, read: answer.read, size: answer.size });
        } catch (error) {
          if (stale()) return;
          const { code, message } = toRpcError(error);
          keep({ state: 'not-hashed', file, open, reason: `${message} (${code})` });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, HASH_ASK_MS.most);
      }
    },
    pinned: null,
    pinning: false,
    pinShown: () => {
      const { report, thumbnails, file, capture } = get();
      if (report === null) return;
      const name = capture?.source.fileName ?? baseName(file ?? '');
      const where = capture !== null ? `${baseName(capture.path)} (${capture.gpu})` : report.decodePath;
      set({
        pinned: {
          label: `${name} · frame ${report.frameIndex} · ${where}`,
          origin: 'frame',
          report,
          thumbnails,
          capture,
          source: sourceOf(capture, file, get().liveHash),
        },
      });
    },
    pinFromCapture: async (path) => {
      const report = get().report;
      if (report === null) return false;
      set({ pinning: true });
      try {
        const other = await client.call('captureFrame', {
          path,
          index: report.frameIndex,
          thumbnails: { maxWidth: get().settings.thumbnailWidth },
        });
        set({
          pinned: {
            label: `${baseName(other.capture.path)} · frame ${other.report.frameIndex} · ${other.capture.gpu}`,
            origin: 'capture',
            report: other.report,
            thumbnails: other.thumbnails,
            capture: other.capture,
            source: sourceOf(other.capture, null),
          },
          pinning: false,
        });
        return true;
      } catch (error) {
        set({ pinning: false });
        get().showError(error);
        return false;
      }
    },
    clearPin: () => set({ pinned: null }),
  };
};
