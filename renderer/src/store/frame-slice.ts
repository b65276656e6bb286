/** The frame on screen: its report, its plane thumbnails, and navigation. */
import type { ThumbnailWire } from '../../../electron/common/contract';
import type { FrameReport } from '../../../electron/common/report';
import { stepCaptured } from './capture-slice';
import type { SliceCreator } from './types';

/** Frame state with actions. */
export interface FrameSlice {
  report: FrameReport | null;
  thumbnails: ThumbnailWire[];
  loadingFrame: boolean;
  goToFrame(index: number): Promise<void>;
  goToTime(seconds: number): Promise<void>;
  step(delta: number): Promise<void>;
  loadThumbnails(): Promise<void>;
}

/** Clamps a frame index into the clip. */
export function clampFrame(index: number, frameCount: number): number {
  if (frameCount <= 0) return 0;
  return Math.min(Math.max(0, Math.round(index)), frameCount - 1);
}

/** Creates the frame slice; a newer request makes an older one's result stale. */
export const createFrameSlice: SliceCreator<FrameSlice> = (set, get, client) => {
  let sequence = 0;
  const show = async (request: () => Promise<FrameReport>): Promise<void> => {
    const mine = ++sequence;
    set({ loadingFrame: true });
    try {
      const report = await request();
      if (mine !== sequence) return;
      set({ report, loadingFrame: false });
      await Promise.all([get().loadThumbnails(), get().loadCapturedOperators(), get().runPreview()]);
    } catch (error) {
      if (mine === sequence) set({ loadingFrame: false });
      get().showError(error);
    }
  };
  return {
    report: null,
    thumbnails: [],
    loadingFrame: false,
    goToFrame: (index) => {
      const count = get().info?.frameCount ?? 0;
      return show(() => client.call('frame', { index: clampFrame(index, count), proof: get().settings.proof }));
    },
    goToTime: (seconds) =>
      show(() => client.call('frameAtTime', { seconds: Math.max(0, seconds), proof: get().settings.proof })),
    step: (delta) => {
      const current = get().report?.frameIndex ?? 0;
      const captured = get().capture?.frames;
      return get().goToFrame(captured !== undefined ? stepCaptured(captured, current, delta) : current + delta);
    },
    loadThumbnails: async () => {
      const report = get().report;
      try {
        const thumbnails = await client.call('thumbnails', { maxWidth: get().settings.thumbnailWidth });
        if (get().report === report) set({ thumbnails });
      } catch {
        set({ thumbnails: [] });
      }
    },
  };
};
