/** The main process's part of sharing: the capture save dialog and pictures of panels for PNG export. */
import { dialog, ipcMain } from 'electron';
import { IPC } from '../common/bridge';
import { senderAllowed } from './navigation';
import { captureFileName, panelRect } from './panel-rect';

/** Answers the window's save-dialog and panel-picture requests; only the app's own page is served. */
export function registerShareIpc(rendererUrl: string): void {
  ipcMain.handle(IPC.saveCaptureDialog, async (event, suggested: unknown) => {
    if (!senderAllowed(event.senderFrame?.url, rendererUrl)) return null;
    const result = await dialog.showSaveDialog({
      title: 'Save a capture',
      defaultPath: captureFileName(suggested),
      filters: [{ name: 'Zero-Copy Inspector capture', extensions: ['zci'] }],
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    });
    return result.canceled || result.filePath === undefined ? null : result.filePath;
  });
  ipcMain.handle(IPC.capturePanel, async (event, value: unknown) => {
    if (!senderAllowed(event.senderFrame?.url, rendererUrl)) throw new Error('refused: not the app page');
    const rect = panelRect(value);
    if (rect === null) throw new Error('refused: not a panel rectangle');
    const image = await event.sender.capturePage(rect);
    return new Uint8Array(image.toPNG());
  });
}
