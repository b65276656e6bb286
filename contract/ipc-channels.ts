/**
 * The IPC channels between the preload script and the main process, each with what it carries: the one map
 * both sides are typed from. Invoke channels name the arguments the preload sends (main checks them again,
 * as they come from the page) and the result main answers with.
 */

/** Every channel's name on the wire. */
export const CHANNELS = {
  connect: 'backend:connect',
  port: 'backend:port',
  openDialog: 'dialog:open',
  saveCaptureDialog: 'dialog:save-capture',
  chooseLibraryFolder: 'dialog:library-folder',
} as const;

/** What each channel carries. */
interface ChannelMap {
  /** Preload to main, no answer: the window asks for a port to the backend. */
  connect: { kind: 'send'; args: [] };
  /** Main to preload: a MessagePort to the backend, in the event's ports. */
  port: { kind: 'port' };
  /** The native open dialog; the chosen path or null. */
  openDialog: { kind: 'invoke'; args: []; result: string | null };
  /** The native save dialog for a capture, with a suggested name; the chosen path or null. */
  saveCaptureDialog: { kind: 'invoke'; args: [defaultName: string]; result: string | null };
  /** The native folder dialog for NVCV / CV-CUDA; main hands the choice to the backend; the folder or null. */
  chooseLibraryFolder: { kind: 'invoke'; args: []; result: string | null };
}

/** A channel's key in CHANNELS. */
type Channel = keyof ChannelMap;

/** The channels that answer (ipcRenderer.invoke / ipcMain.handle). */
export type InvokeChannel = { [C in Channel]: ChannelMap[C]['kind'] extends 'invoke' ? C : never }[Channel];

/** The arguments the preload sends on a channel. */
export type ChannelArgs<C extends InvokeChannel> = ChannelMap[C]['args'];

/** What main answers on an invoke channel. */
export type ChannelResult<C extends InvokeChannel> = ChannelMap[C]['result'];
