/** What the preload script exposes to the window as window.inspector; nothing else crosses. */
import type { ChannelResult } from './ipc-channels';

/** The message type the preload posts to the window when a backend port arrives. */
export const BACKEND_PORT_MESSAGE = 'zci-backend-port';

/** The bridge object. */
export interface InspectorBridge {
  /** Always 'electron'; serve mode has no bridge. */
  readonly platform: 'electron';
  /** Asks the main process for a MessagePort to the backend; it arrives as a window message. */
  connect(): void;
  /** Shows the native open dialog; resolves to the chosen path or null. */
  openFileDialog(): Promise<ChannelResult<'openDialog'>>;
  /** Shows the native save dialog for a capture; resolves to the chosen path or null. */
  saveCaptureDialog(defaultName: string): Promise<ChannelResult<'saveCaptureDialog'>>;
  /** Shows the native folder dialog for NVCV / CV-CUDA; the backend loads from the chosen folder from then on. */
  chooseLibraryFolder(): Promise<ChannelResult<'chooseLibraryFolder'>>;
  /** The file-system path of a dropped File. */
  pathForFile(file: File): string;
}
