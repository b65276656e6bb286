/** The main process's part of sharing: the capture save dialog and pictures of panels for PNG export. */
import { dialog } from 'electron';
import { handle } from './ipc';
import { captureFileName, panelRect } from './panel-rect';

/** Answers the window's save-dialog and panel-picture requests; only the app's own page is served. */
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
  const notTheAppPage = (): never => {
    throw new Error('refused: not the app page');
  };
  handle('capturePanel', rendererUrl, notTheAppPage, async (event, value) => {
    const rect = panelRect(value);
    if (rect === null) throw new Error('refused: not a panel rectangle');
    const image = await event.sender.capturePage(rect);
    return new Uint8Array(image.toPNG());
  });
}
