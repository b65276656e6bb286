/** Captures in the renderer: opening one for replay, saving the open session, captured operators, presenter view. */
import type { CaptureFrames, MEMORY_SAMPLE_KINDS, ProbePoints } from '../../../contract/capture';
import type { CaptureSummary } from '../../../contract/capture-summary';

/** One kind of memory sample a capture keeps. */
type MemorySampleKind = (typeof MEMORY_SAMPLE_KINDS)[number];
import type { CapturedOperatorWire, SaveCaptureResult } from '../../../contract/contract';
import type { SliceCreator } from './types';
import { resetDocument } from './document';

/** Capture state with actions. */
export interface CaptureSlice {
  /** The open capture, or null when a live video (or nothing) is open. */
  capture: CaptureSummary | null;
  /** Operator previews stored with the frame on screen (captures only). */
  capturedOperators: CapturedOperatorWire[];
  saving: boolean;
  lastSaved: SaveCaptureResult | null;
  presenterOpen: boolean;
  /** Opens a capture and shows its first captured frame (or the given one, when captured). */
  openCapture(path: string, frame?: number): Promise<boolean>;
  /** Saves the open session as a capture: the visited frames, or the ones named. */
  /** Saves a capture; overwrite replaces an existing file (the window's save dialog has asked about it). */
  saveCapture(
    path: string,
    frames?: CaptureFrames,
    overwrite?: boolean,
    memory?: { kinds: MemorySampleKind[]; probe: ProbePoints },
  ): Promise<SaveCaptureResult | null>;
  loadCapturedOperators(): Promise<void>;
  togglePresenter(open?: boolean): void;
}

/** The captured frame `delta` places away from `current` (clamped to the first and last captured). */
export function stepCaptured(frames: readonly number[], current: number, delta: number): number {
  if (frames.length === 0) return current;
  const exact = frames.indexOf(current);
  let position: number;
  if (exact !== -1) position = exact + delta;
  else {
    // current lies between two captured frames: the one after it is one step forward, the one before one back.
    const after = frames.findIndex((frame) => frame > current);
    const insert = after === -1 ? frames.length : after;
    position = delta > 0 ? insert + delta - 1 : insert + delta;
  }
  return frames[Math.min(frames.length - 1, Math.max(0, position))] ?? current;
}

/** Creates the capture slice. */
export const createCaptureSlice: SliceCreator<CaptureSlice> = (set, get, client) => ({
  capture: null,
  capturedOperators: [],
  saving: false,
  lastSaved: null,
  presenterOpen: false,
  openCapture: async (path, frame) => {
    set({ opening: true, error: null });
    try {
      const { info, capture } = await client.call('openCapture', { path });
      set({ ...resetDocument(), file: capture.path, info, capture, opening: false });
      void get().loadRecents();
      const first = frame !== undefined && capture.frames.includes(frame) ? frame : (capture.frames[0] ?? 0);
      await get().goToFrame(first);
      return true;
    } catch (error) {
      set({ opening: false });
      get().showError(error);
      return false;
    }
  },
  saveCapture: async (path, frames, overwrite = false, memory) => {
    set({ saving: true });
    try {
      const saved = await client.call('saveCapture', {
        path,
        ...(frames !== undefined ? { frames } : {}),
        ...(overwrite ? { overwrite } : {}),
        ...(memory !== undefined ? { memory: memory.kinds, probe: memory.probe } : {}),
      });
      set({ saving: false, lastSaved: saved });
      return saved;
    } catch (error) {
      set({ saving: false });
      get().showError(error);
      return null;
    }
  },
  loadCapturedOperators: async () => {
    const report = get().report;
    if (get().capture === null || report === null) {
      set({ capturedOperators: [] });
      return;
    }
    try {
      const capturedOperators = await client.call('capturedOperators', { index: report.frameIndex });
      if (get().report === report) set({ capturedOperators });
    } catch {
      set({ capturedOperators: [] });
    }
  },
  togglePresenter: (open) => set((state) => ({ presenterOpen: open ?? !state.presenterOpen })),
});
