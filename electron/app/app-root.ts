/** Where the app lies: the folder holding package.json, found from a built or a source module. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app's root folder from the folder of a built (out/<room>/) or source (electron/<room>/) module. */
export function appRootFrom(moduleDir: string): string {
  return path.resolve(moduleDir, '..', '..');
}

/** The app's root folder from a module's import.meta.url. */
export function appRootOf(moduleUrl: string): string {
  return appRootFrom(path.dirname(fileURLToPath(moduleUrl)));
}
