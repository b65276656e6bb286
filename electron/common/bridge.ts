/** What the preload script exposes to the window as window.inspector; nothing else crosses. */

/** The message type the preload posts to the window when a backend port arrives. */
export const BACKEND_PORT_MESSAGE = 'zci-backend-port';

/** IPC channel names between preload and main. */
export const IPC = {
  connect: 'backend:connect',
  port: 'backend:port',
  openDialog: 'dialog:open',
  saveCaptureDialog: 'dialog:save-capture',
  capturePanel: 'panel:capture',
} as const;

/** A rectangle of the window in CSS pixels, for capturePanel. */
export interface PanelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bridge object. */
export interface InspectorBridge {
  /** Always 'electron'; serve mode has no bridge. */
  readonly platform: 'electron';
  /** Asks the main process for a MessagePort to the backend; it arrives as a window message. */
  connect(): void;
  /** Shows the native open dialog; resolves to the chosen path or null. */
  openFileDialog(): Promise<string | null>;
  /** Shows the native save dialog for a capture; resolves to the chosen path or null. */
  saveCaptureDialog(defaultName: string): Promise<string | null>;
  /** A PNG of a rectangle of the window, taken by the main process (webContents.capturePage). */
  capturePanel(rect: PanelRect): Promise<Uint8Array>;
  /** The file-system path of a dropped File. */
  pathForFile(file: File): string;
}
