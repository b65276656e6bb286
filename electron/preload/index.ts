/** The preload script: exposes window.inspector and forwards backend ports to the page. */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { BACKEND_PORT_MESSAGE, type InspectorBridge } from '../../contract/bridge';
import { CHANNELS, type ChannelArgs, type ChannelResult, type InvokeChannel } from '../../contract/ipc-channels';

/** Calls an invoke channel with the arguments its entry in ChannelMap names; resolves to its result. */
function invoke<C extends InvokeChannel>(channel: C, ...args: ChannelArgs<C>): Promise<ChannelResult<C>> {
  return ipcRenderer.invoke(CHANNELS[channel], ...args) as Promise<ChannelResult<C>>;
}

const bridge: InspectorBridge = {
  platform: 'electron',
  connect: () => ipcRenderer.send(CHANNELS.connect),
  openFileDialog: () => invoke('openDialog'),
  saveCaptureDialog: (defaultName) => invoke('saveCaptureDialog', defaultName),
  chooseLibraryFolder: () => invoke('chooseLibraryFolder'),
  pathForFile: (file) => webUtils.getPathForFile(file),
};

// A MessagePort cannot pass through contextBridge; window.postMessage can transfer it.
ipcRenderer.on(CHANNELS.port, (event) => {
  window.postMessage({ type: BACKEND_PORT_MESSAGE }, '*', event.ports);
});

contextBridge.exposeInMainWorld('inspector', bridge);
