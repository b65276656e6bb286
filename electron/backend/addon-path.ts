/** Where the native addon's loader lies, in a source checkout and in a packaged app. */
import path from 'node:path';

/** The app's root folder (the one holding package.json) from the folder of a built or source module. */
export function appRootFrom(moduleDir: string): string {
  return path.resolve(moduleDir, '..', '..');
}

/**
 * The addon's JS loader (native/index.cjs). It registers the InspectorError class with the binary,
 * honours ZCI_ADDON_PATH, and maps app.asar to app.asar.unpacked in a packaged app.
 */
export function addonLoaderPath(appRoot: string): string {
  return path.join(appRoot, 'native', 'index.cjs');
}
