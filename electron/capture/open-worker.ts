/**
 * The worker thread that opens a capture (capture-open.ts starts it): reads the zip's directory, inflates and
 * validates the manifest, checks every PNG header and the signature, and posts the result back with the PNG
 * bytes transferred. It runs under a deadline and a heap limit; past either it is stopped.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toRpcError } from '../common/envelope';
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
    };
  } catch (error) {
    return { ok: false, error: toRpcError(error) };
  }
}

void run().then((reply) => {
  const transfer = reply.ok ? reply.files.map(([, bytes]) => bytes.buffer as ArrayBuffer) : [];
  parentPort?.postMessage(reply, transfer);
});
