/** The settings methods of the RPC: read and change the persisted settings. */
import type { BackendDeps, Handlers } from './types';

/** Builds the settings handlers; the library path is read here but set only by the desktop app's main process. */
export function createSettingsHandlers(deps: BackendDeps): Pick<Handlers, 'getSettings' | 'setSettings'> {
  return {
    getSettings: async () => deps.persistence.getSettings(),
    setSettings: async (patch) => deps.persistence.setSettings(patch),
  };
}
