/** Where the native addon's loader lies, in a source checkout and in a packaged app. */
import path from 'node:path';

/**
 * The addon's JS loader (native/index.cjs). It registers the InspectorError class with the binary,
 * honours ZCI_ADDON_PATH, and maps app.asar to app.asar.unpacked in a packaged app.
 */
export function addonLoaderPath(appRoot: string): string {
  return path.join(appRoot, 'native', 'index.cjs');
}
