/** A carrier for the RPC's JSON strings: a MessagePort in the window, a WebSocket in serve mode. */

/** One connection to the backend. */
export interface Transport {
  send(data: string): void;
  /** Registers the single receiver of incoming strings. */
  onMessage(listener: (data: string) => void): void;
  /** Registers what to do when the carrier is gone for good. */
  onClose(listener: (reason: string) => void): void;
  close(): void;
}
