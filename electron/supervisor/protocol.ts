/** Messages between a supervising parent (Electron's main process or the serve server) and the backend process. */
import type { BackendRestartedEvent } from '../../contract/contract';
import type { ClientSettingsPatch } from '../../contract/settings';

/** A client's file and frame, and the settings it chose for itself (serve mode), as the backend reports them. */
export interface ClientStateMessage {
  lastFile: string | null;
  lastFrame: number | null;
  settings?: ClientSettingsPatch;
}

/** What a restarted backend is told of a client: the event it shows, and the settings the client had chosen. */
export type RestartedClient = BackendRestartedEvent & { settings?: ClientSettingsPatch };

/** What the parent sends. In Electron, 'attach' carries a MessagePort and no 'message' is ever sent. */
export type ParentMessage =
  | { type: 'attach'; clientId: string; restarted: RestartedClient | null }
  | { type: 'message'; clientId: string; data: string }
  | { type: 'detach'; clientId: string }
  /** Electron only: the user chose this file or folder in a dialog, so the RPC may reach it. */
  | { type: 'allowPath'; path: string; kind: 'file' | 'folder' }
  /** Electron only: the NVCV / CV-CUDA folder the user chose in the main process's dialog (null: search). */
  | { type: 'setLibraryPath'; path: string | null };

/** The parent messages that steer the backend itself rather than carry a client's traffic. */
export type ControlMessage = Extract<ParentMessage, { type: 'allowPath' | 'setLibraryPath' }>;

/** What the backend sends. 'message' is used only when the parent carries the client's traffic; its data is what
 * wire-frame.ts made (JSON text or a binary frame), passed on to the client as it is. */
export type ChildMessage =
  | { type: 'ready'; pid: number }
  | { type: 'message'; clientId: string; data: string | Uint8Array }
  | { type: 'state'; clientId: string; state: ClientStateMessage };

/** Environment variables through which the parent configures the backend. */
export const BACKEND_ENV = {
  configDir: 'ZCI_CONFIG_DIR',
  samplePath: 'ZCI_SAMPLE',
  cwd: 'ZCI_CWD',
  /** Serve mode's root folder: the RPC reaches nothing outside it. */
  root: 'ZCI_ROOT',
  /** Serve mode's default settings for every client (JSON of a ClientSettingsPatch, from --setting). */
  defaultSettings: 'ZCI_DEFAULT_SETTINGS',
} as const;

/** True when a value looks like a ChildMessage. */
export function isChildMessage(value: unknown): value is ChildMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'ready' || type === 'message' || type === 'state';
}
