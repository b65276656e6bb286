/** Loads the native addon; the only module in the app that does. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Native from '../../native/index';
import type { AddonStatus } from '../common/contract';

/** The addon's exports, as native/index.d.ts declares them. */
export type AddonModule = typeof Native;

/** A loaded addon, or why there is none. */
export interface LoadedAddon {
  addon: AddonModule | null;
  status: AddonStatus;
}

/** Tries each candidate in order and returns the first that loads. */
export function loadAddon(candidates: readonly string[]): LoadedAddon {
  const require = createRequire(import.meta.url);
  const errors: string[] = [];
  for (const file of candidates) {
    if (!existsSync(file)) {
      errors.push(`${file}: not built`);
      continue;
    }
    try {
      const addon = require(file) as AddonModule;
      return { addon, status: { loaded: true, path: file, error: null } };
    } catch (error) {
      errors.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { addon: null, status: { loaded: false, path: null, error: errors.join('; ') || 'no candidate paths' } };
}
