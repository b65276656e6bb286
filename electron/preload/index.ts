/** The preload script: exposes window.inspector and forwards backend ports to the page. */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { BACKEND_PORT_MESSAGE, IPC, type InspectorBridge } from '../common/bridge';

const bridge: InspectorBridge = {
  platform: 'electron',
  connect: () => ipcRenderer.send(IPC.connect),
  openFileDialog: () => ipcRenderer.invoke(IPC.openDialog) as Promise<string | null>,
  saveCaptureDialog: (defaultName) => ipcRenderer.invoke(IPC.saveCaptureDialog, defaultName) as Promise<string | null>,
  capturePanel: (rect) => ipcRenderer.invoke(IPC.capturePanel, rect) as Promise<Uint8Array>,
  pathForFile: (file) => webUtils.getPathForFile(file),
};

// A MessagePort cannot pass through contextBridge; window.postMessage can transfer it.
ipcRenderer.on(IPC.port, (event) => {
  window.postMessage({ type: BACKEND_PORT_MESSAGE }, '*', event.ports);
});

contextBridge.exposeInMainWorld('inspector', bridge);
