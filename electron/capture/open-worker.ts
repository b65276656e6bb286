/**
 * The worker thread that opens a capture (capture-open.ts starts it): reads the zip's directory, inflates and
 * validates the manifest, checks every PNG header and the signature, decodes every PNG (the thumbnails' pixels are
 * kept, the operator previews only checked), and posts the result back with the bytes and pixels transferred. It runs under a deadline and a heap limit; past either it is stopped.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toRpcError } from '../../contract/envelope';
import { readCapture } from './capture-file';
import type { WorkerReply, WorkerRequest } from './open-protocol';

const request = workerData as WorkerRequest;

async function run(): Promise<WorkerReply> {
  try {
    const opened = await readCapture(request.file, request.label, { localFingerprint: request.localFingerprint });
    return {
      ok: true,
      manifest: opened.manifest,
      files: [...opened.files],
      shapes: [...opened.shapes],
      signature: opened.signature,
      decodedBytes: opened.decodedBytes,
      pixels: [...(opened.pixels ?? [])],
      pngErrors: [...(opened.pngErrors ?? [])],
    };
  } catch (error) {
    return { ok: false, error: toRpcError(error) };
  }
}

void run().then((reply) => {
  // Each buffer once (a transfer list naming one twice is refused), bytes and pixels alike.
  const transfer = reply.ok
    ? [...new Set([...reply.files, ...reply.pixels].map(([, bytes]) => bytes.buffer as ArrayBuffer))]
    : [];
  parentPort?.postMessage(reply, transfer);
});
