/** Loads the native addon; the only module in the app that does. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddonStatus } from '../../contract/contract';
import type { AddonModule } from './native';

/** A loaded addon, or why there is none. */
export interface LoadedAddon {
  addon: AddonModule | null;
  status: AddonStatus;
}

/** Requires the addon's loader; a missing file or a failed load becomes a status, not a crash. */
export function loadAddon(loader: string): LoadedAddon {
  if (!existsSync(loader)) return { addon: null, status: { loaded: false, path: null, error: `${loader} is missing` } };
  try {
    const addon = createRequire(import.meta.url)(loader) as AddonModule;
    return { addon, status: { loaded: true, path: loader, error: null } };
  } catch (error) {
    return {
      addon: null,
      status: { loaded: false, path: null, error: error instanceof Error ? error.message : String(error) },
    };
  }
}
