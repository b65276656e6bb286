/** The main process's part of sharing: the capture save dialog (pictures of panels are made in the page). */
import { dialog } from 'electron';
import { handle } from './ipc';
import { captureFileName } from './capture-name';

/** Answers the window's save-dialog requests; only the app's own page is served. */
export function registerShareIpc(rendererUrl: string, allowPath: (file: string) => void): void {
  handle(
    'saveCaptureDialog',
    rendererUrl,
    () => null,
    async (_event, suggested) => {
      const result = await dialog.showSaveDialog({
        title: 'Save a capture',
        defaultPath: captureFileName(suggested),
        filters: [{ name: 'Zero-Copy Inspector capture', extensions: ['zci'] }],
        properties: ['showOverwriteConfirmation', 'createDirectory'],
      });
      if (result.canceled || result.filePath === undefined) return null;
      allowPath(result.filePath);
      return result.filePath;
    },
  );
}
