/** The settings methods of the RPC: read and change the persisted settings. */
import type { BackendDeps, Handlers } from './types';

/** Builds the settings handlers; the library path is read here but set only by the desktop app's main process. */
export function createSettingsHandlers(deps: BackendDeps): Pick<Handlers, 'getSettings' | 'setSettings'> {
  return {
    getSettings: async () => deps.persistence.getSettings(),
    // The ledger switch reaches the file open now, not only the next one.
    setSettings: async (patch, { client }) => {
      const settings = await deps.persistence.setSettings(patch);
      const on = patch.ledger;
      if (on !== undefined) await client.serial(async () => client.switchLedger(on));
      return settings;
    },
  };
}
