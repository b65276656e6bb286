/** Where the built pieces of the app lie, in a checkout and in a packaged app. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The files the main process needs. */
export interface AppPaths {
  preload: string;
  rendererUrl: string;
  backendEntry: string;
  samplePath: string;
}

/** Computes the paths; appPath is app.getAppPath(), resourcesPath is process.resourcesPath. */
export function appPaths(appPath: string, isPackaged: boolean, resourcesPath: string): AppPaths {
  return {
    preload: path.join(appPath, 'out', 'preload', 'index.cjs'),
    rendererUrl: pathToFileURL(path.join(appPath, 'out', 'renderer', 'index.html')).href,
    backendEntry: path.join(appPath, 'out', 'backend', 'index.js'),
    samplePath: isPackaged
      ? path.join(resourcesPath, 'assets', 'sample.mp4')
      : path.join(appPath, 'assets', 'sample.mp4'),
  };
}
