/** UI state: the error banner, the restart notice, progress, the help overlay, the naive/correct A/B swap. */
import type { BackendRestartedEvent, ProgressEvent } from '../../../contract/contract';
import { toRpcError, type RpcError } from '../../../contract/envelope';
import { withShownFrame } from './restart-frame';
import type { SliceCreator } from './types';
import { resetDocument } from './document';

/** UI state and its actions. */
export interface UiSlice {
  error: RpcError | null;
  restart: BackendRestartedEvent | null;
  progress: ProgressEvent | null;
  helpOpen: boolean;
  /** True while the A/B flicker shows the correct picture where the naive one was, and the other way round. */
  wrongWrapSwapped: boolean;
  /** Shows anything thrown as an error banner. */
  showError(error: unknown): void;
  dismissError(): void;
  noteRestart(event: BackendRestartedEvent): void;
  dismissRestart(): void;
  setProgress(event: ProgressEvent): void;
  /** Stops this window's open, frame and capture requests in the backend; they end without an error banner. */
  cancelWork(): Promise<void>;
  toggleHelp(open?: boolean): void;
  toggleWrongWrapSwap(): void;
}

/** Creates the UI slice. */
export const createUiSlice: SliceCreator<UiSlice> = (set, get, client) => ({
  error: null,
  restart: null,
  progress: null,
  helpOpen: false,
  wrongWrapSwapped: false,
  showError: (error) => {
    const rpc = toRpcError(error);
    // Only the user's Cancel stops work: what it stopped needs no banner.
    if (rpc.code !== 'CANCELLED') set({ error: rpc });
  },
  dismissError: () => set({ error: null }),
  // The old process took its Session with it: what was on screen can no longer be stepped from.
  noteRestart: (event) =>
    set((state) => ({
      restart: withShownFrame(
        event,
        state.file !== null && state.report !== null ? { file: state.file, frameIndex: state.report.frameIndex } : null,
      ),
      ...resetDocument(),
      progress: null,
      loadingFrame: false,
      opening: false,
      presenterOpen: false,
    })),
  dismissRestart: () => set({ restart: null }),
  setProgress: (event) => set({ progress: event.stage === 'done' ? null : event }),
  cancelWork: async () => {
    set({ progress: null });
    try {
      await client.call('cancel', {});
    } catch (error) {
      get().showError(error);
    }
  },
  toggleHelp: (open) => set((state) => ({ helpOpen: open ?? !state.helpOpen })),
  toggleWrongWrapSwap: () => set((state) => ({ wrongWrapSwapped: !state.wrongWrapSwapped })),
});
