/** A carrier for the RPC: a MessagePort in the window, a WebSocket in serve mode. Requests go as JSON text; what
 * arrives is JSON text or a binary frame (contract/wire-frame.ts). */

/** One connection to the backend. */
export interface Transport {
  send(data: string): void;
  /** Registers the single receiver of incoming messages. */
  onMessage(listener: (data: string | ArrayBuffer | Uint8Array) => void): void;
  /** Registers what to do when the carrier is gone for good. */
  onClose(listener: (reason: string) => void): void;
  close(): void;
}
