/** What the backend reports about the machine, and the user's settings. */
import type { BackendEnvironment } from '../../../contract/contract';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../contract/settings';
import type { SliceCreator } from './types';

/** Environment and settings state with actions. */
export interface EnvSlice {
  environment: BackendEnvironment | null;
  settings: Settings;
  loadEnvironment(): Promise<void>;
  loadSettings(): Promise<void>;
  updateSettings(patch: SettingsPatch): Promise<void>;
  toggleTheme(): Promise<void>;
}

/** Creates the environment slice. */
export const createEnvSlice: SliceCreator<EnvSlice> = (set, get, client) => ({
  environment: null,
  settings: DEFAULT_SETTINGS,
  loadEnvironment: async () => {
    try {
      set({ environment: await client.call('environment', {}) });
    } catch (error) {
      get().showError(error);
    }
  },
  loadSettings: async () => {
    try {
      set({ settings: await client.call('getSettings', {}) });
    } catch (error) {
      get().showError(error);
    }
  },
  updateSettings: async (patch) => {
    set((state) => ({ settings: { ...state.settings, ...patch } }));
    try {
      set({ settings: await client.call('setSettings', patch) });
    } catch (error) {
      get().showError(error);
    }
  },
  toggleTheme: () => get().updateSettings({ theme: get().settings.theme === 'dark' ? 'light' : 'dark' }),
});
