/** The open file: opening, closing, recent files, the sample on first start, reopening after a restart. */
import { isCapturePath } from '../../../contract/capture';
import type { RecentFile } from '../../../contract/contract';
import type { StreamInfo } from '../../../contract/report';
import type { ContextMode } from '../../../contract/vocabulary';
import type { SliceCreator } from './types';
import { resetDocument } from './document';

/** Session state with actions. */
export interface SessionSlice {
  file: string | null;
  info: StreamInfo | null;
  opening: boolean;
  recents: RecentFile[];
  /** The CUDA context the next video is opened in ('shared' unless the user picks another in the settings). */
  contextMode: ContextMode;
  /** Picks the CUDA context for the next video opened. */
  setContextMode(mode: ContextMode): void;
  /** Opens a file and shows its first frame (or the given one). */
  openFile(path: string, frame?: number): Promise<boolean>;
  closeFile(): Promise<void>;
  loadRecents(): Promise<void>;
  /** First start: environment, settings, recents; opens the sample when there are no recents. */
  init(): Promise<void>;
  /** Reopens the file and frame the restart notice names. */
  reopenAfterRestart(): Promise<void>;
}

/** Creates the session slice. */
export const createSessionSlice: SliceCreator<SessionSlice> = (set, get, client) => ({
  file: null,
  info: null,
  opening: false,
  recents: [],
  contextMode: 'shared',
  setContextMode: (mode) => set({ contextMode: mode }),
  openFile: async (path, frame = 0) => {
    if (isCapturePath(path)) return get().openCapture(path, frame);
    set({ opening: true, error: null });
    const context = get().contextMode;
    try {
      const { info } = await client.call('open', context === 'shared' ? { path } : { path, options: { context } });
      void get().hashLiveFile(info.path);
      set({ ...resetDocument(), file: info.path, info, opening: false });
      void get().loadRecents();
      await get().goToFrame(Math.min(frame, Math.max(0, info.frameCount - 1)));
      return true;
    } catch (error) {
      set({ opening: false });
      get().showError(error);
      return false;
    }
  },
  closeFile: async () => {
    try {
      await client.call('close', {});
    } catch (error) {
      get().showError(error);
    }
    set(resetDocument());
  },
  loadRecents: async () => {
    try {
      set({ recents: await client.call('listRecent', {}) });
    } catch (error) {
      get().showError(error);
    }
  },
  init: async () => {
    await Promise.all([get().loadEnvironment(), get().loadSettings(), get().loadRecents()]);
    const sample = get().environment?.samplePath ?? null;
    if (get().recents.length === 0 && sample !== null && get().environment?.addon.loaded === true) {
      await get().openFile(sample);
    }
  },
  reopenAfterRestart: async () => {
    const restart = get().restart;
    set({ restart: null });
    await get().loadEnvironment();
    if (restart?.lastFile != null) await get().openFile(restart.lastFile, restart.lastFrame ?? 0);
  },
});
