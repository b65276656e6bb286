/** The main process: one secure window, a supervised backend, and a MessagePort brokered between them. */
import { app, BrowserWindow, dialog, Menu, MessageChannelMain, protocol, session, type WebContents } from 'electron';
import os from 'node:os';
import { processMemoryLimit, readBudgets } from '../../contract/budgets';
import type { BackendRestartedEvent } from '../../contract/contract';
import { BACKEND_ENV } from '../supervisor/protocol';
import { Supervisor } from '../supervisor/supervisor';
import { appPaths } from './app-paths';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, appResponse } from './app-protocol';
import { handle, onConnect, sendPort } from './ipc';
import { registerShareIpc } from './share-ipc';
import { utilitySpawner } from './utility-child';
import { windowOptions } from './window-options';
import { wireContents, wireSession } from './wire-window';

// The app's own scheme must be known before the app is ready.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

const paths = appPaths(app.getAppPath(), app.isPackaged, process.resourcesPath);
const supervisor = new Supervisor(
  utilitySpawner(paths.backendEntry, {
    [BACKEND_ENV.configDir]: app.getPath('userData'),
    [BACKEND_ENV.samplePath]: paths.samplePath,
    [BACKEND_ENV.cwd]: app.getPath('home'),
  }),
  undefined,
  undefined,
  // The budgets come from the environment the app was started with; the backend reads the same variables.
  processMemoryLimit(readBudgets(process.env, os.totalmem())),
);
const windows = new Set<WebContents>();

/** Tells the backend the user chose a file in a dialog: the RPC may reach it (and nothing else the page names). */
function allowPath(file: string): void {
  supervisor.child()?.send({ type: 'allowPath', path: file, kind: 'file' });
}

function clientId(contents: WebContents): string {
  return `window-${contents.id}`;
}

/** Gives a window a fresh port to the backend. */
function broker(contents: WebContents, restarted: BackendRestartedEvent | null): void {
  const child = supervisor.child();
  if (child === null || contents.isDestroyed()) return;
  const { port1, port2 } = new MessageChannelMain();
  child.send({ type: 'attach', clientId: clientId(contents), restarted }, [port1]);
  sendPort(contents, port2);
}

function createWindow(): void {
  const win = new BrowserWindow(windowOptions(paths.preload, true));
  const contents = win.webContents;
  windows.add(contents);
  contents.on('destroyed', () => {
    windows.delete(contents);
    supervisor.forget(`window-${contents.id}`);
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(paths.rendererUrl);
}

// Every contents, not only the window's: a webview or a frame that slipped in gets the same rules.
app.on('web-contents-created', (_event, contents) => wireContents(contents, paths.rendererUrl));

void app.whenReady().then(() => {
  Menu.setApplicationMenu(null);
  protocol.handle(APP_SCHEME, (request) => appResponse(paths.rendererDir, request.url));
  wireSession(session.defaultSession);
  onConnect(paths.rendererUrl, (event) => broker(event.sender, null));
  handle(
    'openDialog',
    paths.rendererUrl,
    () => null,
    async () => {
      const result = await dialog.showOpenDialog({
        title: 'Open a video',
        properties: ['openFile'],
        filters: [
          {
            name: 'Video or capture',
            extensions: ['mp4', 'mkv', 'mov', 'webm', 'avi', 'ts', 'm2ts', 'h264', 'h265', 'hevc', 'ivf', 'zci'],
          },
          { name: 'All files', extensions: ['*'] },
        ],
      });
      const chosen = result.canceled ? null : (result.filePaths[0] ?? null);
      if (chosen !== null) allowPath(chosen);
      return chosen;
    },
  );
  registerShareIpc(paths.rendererUrl, allowPath);
  handle(
    'chooseLibraryFolder',
    paths.rendererUrl,
    () => null,
    async () => {
      const result = await dialog.showOpenDialog({
        title: 'Where NVCV and CV-CUDA are installed',
        properties: ['openDirectory'],
      });
      const folder = result.canceled ? null : (result.filePaths[0] ?? null);
      if (folder !== null) supervisor.child()?.send({ type: 'setLibraryPath', path: folder });
      return folder;
    },
  );
  supervisor.on('restarted', (event) => {
    for (const contents of windows) broker(contents, { ...event, ...supervisor.stateOf(clientId(contents)) });
  });
  supervisor.on('gaveUp', (reason) =>
    dialog.showErrorBox('Zero-Copy Inspector', `The decoder process keeps stopping: ${reason}.`),
  );
  supervisor.start();
  createWindow();
});

app.on('window-all-closed', () => {
  supervisor.stop();
  app.quit();
});
