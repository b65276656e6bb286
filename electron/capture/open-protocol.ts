/** What capture-open.ts and its worker (open-worker.ts) send each other. */
import type { CaptureManifest, CaptureSignature } from '../../contract/capture';
import type { RpcError } from '../../contract/envelope';
import type { PngShape } from './png';

/** The worker's input (its workerData). */
export interface WorkerRequest {
  file: string;
  label: string;
  localFingerprint: string | null;
}

/** The worker's one message: the capture as read, or why it was refused. */
export type WorkerReply =
  | {
      ok: true;
      manifest: CaptureManifest;
      files: [string, Uint8Array][];
      shapes: [string, PngShape][];
      signature: CaptureSignature;
      decodedBytes: number;
      /** The thumbnails' pixels, decoded in the worker. */
      pixels: [string, Uint8Array][];
      /** PNGs that failed to decode, with why. */
      pngErrors: [string, string][];
    }
  | { ok: false; error: RpcError };
