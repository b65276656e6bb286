/** The settings methods of the RPC: read and change the persisted settings. */
import type { BackendDeps, Handlers } from './types';

/** Builds the settings handlers; a new library path is passed on to the addon at once. */
export function createSettingsHandlers(deps: BackendDeps): Pick<Handlers, 'getSettings' | 'setSettings'> {
  return {
    getSettings: async () => deps.persistence.getSettings(),
    setSettings: async (patch) => {
      const before = deps.persistence.getSettings();
      const after = deps.persistence.setSettings(patch);
      if (deps.addon !== null && after.libraryPath !== before.libraryPath) deps.addon.setLibraryPath(after.libraryPath);
      return after;
    },
  };
}
