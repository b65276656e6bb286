/** The main process's side of the IPC channels, typed from their one map; only the app's own page is answered. */
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type MessagePortMain, type WebContents } from 'electron';
import { CHANNELS, type ChannelResult, type InvokeChannel } from '../../contract/ipc-channels';
import { fromAppPage, guarded } from './navigation';

/**
 * Answers an invoke channel. The arguments arrive as unknown (they come from the page and are checked by the
 * handler); the answer must be the channel's result. A sender other than the app's page gets `refused`.
 */
export function handle<C extends InvokeChannel>(
  channel: C,
  rendererUrl: string,
  refused: () => ChannelResult<C>,
  handler: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<ChannelResult<C>>,
): void {
  ipcMain.handle(CHANNELS[channel], guarded(rendererUrl, refused, handler));
}

/** Listens on the connect channel; only the app's page is heard. */
export function onConnect(rendererUrl: string, listener: (event: IpcMainEvent) => void): void {
  ipcMain.on(CHANNELS.connect, (event) => {
    if (fromAppPage(event, rendererUrl)) listener(event);
  });
}

/** Sends a backend port to a window on the port channel. */
export function sendPort(contents: WebContents, port: MessagePortMain): void {
  contents.postMessage(CHANNELS.port, null, [port]);
}
