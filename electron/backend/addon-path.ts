/** Where the native addon may lie, in a source checkout and in a packaged app. */
import path from 'node:path';

/** File name of the built addon. */
export const ADDON_FILE = 'zerocopy_inspector.node';

/** The app's root folder (the one holding package.json) from the folder of a built or source module. */
export function appRootFrom(moduleDir: string): string {
  return path.resolve(moduleDir, '..', '..');
}

/** Ordered candidates: an explicit override, then the build folder, with asar paths mapped to their unpacked copy. */
export function addonCandidates(appRoot: string, override?: string | undefined): string[] {
  const built = path.join(appRoot, 'native', 'build', 'Release', ADDON_FILE);
  const list = override !== undefined && override !== '' ? [path.resolve(override)] : [];
  list.push(unpackedPath(built));
  return [...new Set(list)];
}

/** Maps a path inside app.asar to the same path in app.asar.unpacked, where native files must live. */
export function unpackedPath(file: string): string {
  const marker = `${path.sep}app.asar${path.sep}`;
  return file.includes(marker) ? file.replace(marker, `${path.sep}app.asar.unpacked${path.sep}`) : file;
}
