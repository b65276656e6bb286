/** Where the built pieces of the app lie, in a checkout and in a packaged app. */
import path from 'node:path';
import { APP_URL } from './app-protocol';

/** The files the main process needs. */
export interface AppPaths {
  preload: string;
  /** The folder the app's scheme serves. */
  rendererDir: string;
  /** The page's URL, on the app's own scheme. */
  rendererUrl: string;
  backendEntry: string;
  samplePath: string;
}

/** Computes the paths; appPath is app.getAppPath(), resourcesPath is process.resourcesPath. */
export function appPaths(appPath: string, isPackaged: boolean, resourcesPath: string): AppPaths {
  return {
    preload: path.join(appPath, 'out', 'preload', 'index.cjs'),
    rendererDir: path.join(appPath, 'out', 'renderer'),
    rendererUrl: APP_URL,
    backendEntry: path.join(appPath, 'out', 'backend', 'index.js'),
    samplePath: isPackaged
      ? path.join(resourcesPath, 'assets', 'sample.mp4')
      : path.join(appPath, 'assets', 'sample.mp4'),
  };
}
