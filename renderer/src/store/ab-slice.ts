/**
 * A/B: a frame kept aside (A) beside the frame on screen (B). A is the frame shown when it was pinned (two frames of
 * one file), or the same frame of another capture (the H200 capture against one made on the CPU, two drivers).
 */
import type { CaptureSummary } from '../../../contract/capture-summary';
import type { PlaneThumbnail } from '../../../contract/show';
import type { FrameReport } from '../../../contract/report';
import { sourceOf, type AbSource } from './source-identity';
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
}

/** Creates the A/B slice. */
export const createAbSlice: SliceCreator<AbSlice> = (set, get, client) => ({
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
        source: sourceOf(capture, file),
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
});
