/**
 * The frame on screen: its report, its plane thumbnails, and navigation. A frame is one request that brings back
 * the report, the thumbnails and the chosen operator's preview; steps count from the frame asked for last (the
 * target), and while one request runs only the newest waits behind it.
 */
import { toRpcError } from '../../../contract/envelope';
import { PREVIEW_WIDTH } from '../../../contract/preview';
import type { Ledger } from '../../../contract/ledger';
import type { FrameReport } from '../../../contract/report';
import type { PlaneThumbnail, ShowRequestOptions, ShowResult, ShowTarget } from '../../../contract/show';
import { markFrameApplied } from '../frame-timing';
import { stepCaptured } from './capture-slice';
import { LatestOnly } from './latest-only';
import { previewParams } from './operators-slice';
import type { AppState, SliceCreator } from './types';

/** Frame state with actions. */
export interface FrameSlice {
  report: FrameReport | null;
  thumbnails: PlaneThumbnail[];
  /** The copy ledger of the step that brought the frame (or the one captured with it); null when none was kept. */
  ledger: Ledger | null;
  loadingFrame: boolean;
  /** The frame asked for last; steps count from it, so a held key moves on before the answers arrive. */
  targetFrame: number | null;
  goToFrame(index: number): Promise<void>;
  goToTime(seconds: number): Promise<void>;
  step(delta: number): Promise<void>;
}

/** Clamps a frame index into the clip. */
export function clampFrame(index: number, frameCount: number): number {
  if (frameCount <= 0) return 0;
  return Math.min(Math.max(0, Math.round(index)), frameCount - 1);
}

/** What a frame request asks to bring back: thumbnails always; the chosen operator unless a capture is shown. */
function bringBack(state: AppState): ShowRequestOptions {
  const live = state.capture === null;
  return {
    proof: state.settings.proof,
    thumbnailWidth: state.settings.thumbnailWidth,
    ...(live
      ? { previews: [{ ...previewParams(state.operator), maxWidth: PREVIEW_WIDTH }], fallbackToReference: true }
      : {}),
  };
}

/** Creates the frame slice. */
export const createFrameSlice: SliceCreator<FrameSlice> = (set, get, client) => {
  const apply = (answer: ShowResult): void => {
    markFrameApplied();
    const live = get().capture === null;
    const outcome = answer.previews[0] ?? null;
    set({
      report: answer.report,
      thumbnails: answer.thumbnails ?? [],
      ledger: answer.ledger ?? null,
      loadingFrame: false,
      // A replayed capture shows the previews it was saved with; operators need the video itself.
      preview: live ? (outcome?.result ?? null) : null,
      previewFor: live ? answer.report : null,
      previewError: live ? (outcome?.error ?? null) : null,
      previewRunning: false,
    });
  };
  const frames = new LatestOnly<ShowTarget>(async (target) => {
    set({ loadingFrame: true });
    try {
      const answer = await client.call('show', { target, options: bringBack(get()) });
      apply(answer);
      if ('seconds' in target) set({ targetFrame: answer.report.frameIndex });
      // A capture's operator pictures follow in their own call, once React has committed the frame (its render
      // was queued as a microtask when the answer was set, so this continuation runs after it).
      await null;
      if (get().capture !== null) await get().loadCapturedOperators();
    } catch (error) {
      // A frame that failed is not where steps count from; unless a newer request has moved the target on already.
      const stale = 'index' in target && get().targetFrame === target.index;
      const code = toRpcError(error).code;
      // An operator's own show of the frame on screen may take a waiting step's place in the backend: the step is
      // asked again, unless a newer one is on its way already.
      if (code === 'SUPERSEDED' && stale) {
        void frames.request(target);
        return;
      }
      set({ loadingFrame: false, ...(stale ? { targetFrame: get().report?.frameIndex ?? null } : {}) });
      if (code !== 'SUPERSEDED') get().showError(error);
    }
  });
  return {
    report: null,
    thumbnails: [],
    ledger: null,
    loadingFrame: false,
    targetFrame: null,
    goToFrame: (index) => {
      const target = clampFrame(index, get().info?.frameCount ?? 0);
      set({ targetFrame: target });
      return frames.request({ index: target });
    },
    goToTime: (seconds) => frames.request({ seconds: Math.max(0, seconds) }),
    step: (delta) => {
      const current = get().targetFrame ?? get().report?.frameIndex ?? 0;
      const captured = get().capture?.frames;
      return get().goToFrame(captured !== undefined ? stepCaptured(captured, current, delta) : current + delta);
    },
  };
};
