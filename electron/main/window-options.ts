/** The window's options, with secure defaults; a plain function so tests can check every flag. */
import type { BrowserWindowConstructorOptions } from 'electron';

/** Options for the main window; preload is the absolute path of the built preload script. */
export function windowOptions(preload: string, dark: boolean): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'Zero-Copy Inspector',
    backgroundColor: dark ? '#15171c' : '#f6f7f9',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
