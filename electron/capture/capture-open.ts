/**
 * Opening a capture off the caller's thread: a worker_threads Worker (open-worker.ts, built to
 * out/capture/open-worker.js) reads and checks it under a deadline and a heap limit, so a hostile file costs the
 * backend's only JS thread nothing and its other clients are answered meanwhile. The backend and the command
 * line both open captures through here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { appRootOf } from '../app/app-root';
import { readSigningKey } from '../app/signing-key';
import { budgetWords, CAPTURE_BUDGETS } from '../../contract/capture';
import { RpcFailure, rpcError } from '../../contract/envelope';
import type { OpenedCapture } from './capture-file';
import type { WorkerReply, WorkerRequest } from './open-protocol';

/** How a capture is opened. */
export interface OpenOptions {
  /** The config folder holding this installation's signing key (to tell its own signatures); null: none. */
  configDir: string | null;
  /** The built worker script; by default out/capture/open-worker.js under the app's root. */
  workerPath?: string;
  /** The deadline; by default CAPTURE_BUDGETS.parseMs. */
  deadlineMs?: number;
  /** The worker's heap; by default CAPTURE_BUDGETS.parseHeapBytes. */
  heapBytes?: number;
}

/** Where the built worker lies: out/capture/open-worker.js under the app's root. */
function captureWorkerPath(): string {
  return path.join(appRootOf(import.meta.url), 'out', 'capture', 'open-worker.js');
}

function invalid(message: string): RpcFailure {
  return new RpcFailure(rpcError('CAPTURE_INVALID', message));
}

/** Opens and checks a capture file (its path already checked) in a worker; throws CAPTURE_INVALID or _TOO_NEW. */
export async function openCaptureFile(file: string, options: OpenOptions): Promise<OpenedCapture> {
  const workerPath = options.workerPath ?? captureWorkerPath();
  if (!existsSync(workerPath))
    throw new RpcFailure(
      rpcError('INTERNAL', `The capture reader ${workerPath} is missing.`, 'Build the app with npm run build.'),
    );
  const deadlineMs = options.deadlineMs ?? CAPTURE_BUDGETS.parseMs;
  const heapBytes = options.heapBytes ?? CAPTURE_BUDGETS.parseHeapBytes;
  const key = options.configDir !== null ? await readSigningKey(options.configDir) : null;
  const request: WorkerRequest = { file, label: file, localFingerprint: key?.fingerprint ?? null };
  const reply = await new Promise<WorkerReply>((resolve, reject) => {
    const worker = new Worker(workerPath, {
      workerData: request,
      resourceLimits: {
        maxOldGenerationSizeMb: Math.max(16, Math.floor(heapBytes / (1024 * 1024))),
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(invalid(`${file}: reading it took longer than the ${deadlineMs / 1000} s parse-time budget.`)),
        ),
      deadlineMs,
    );
    worker.once('message', (message: WorkerReply) => settle(() => resolve(message)));
    worker.once('error', (error: NodeJS.ErrnoException) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? invalid(`${file}: reading it needed more than the ${budgetWords(heapBytes)} parse-memory budget.`)
            : invalid(`${file}: the capture reader failed: ${error.message}`),
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(invalid(`${file}: the capture reader stopped (exit code ${code}) without an answer.`))),
    );
  });
  if (!reply.ok) throw new RpcFailure(reply.error);
  return {
    manifest: reply.manifest,
    files: new Map(reply.files),
    shapes: new Map(reply.shapes),
    signature: reply.signature,
    decodedBytes: reply.decodedBytes,
    pixels: new Map(reply.pixels),
    pngErrors: new Map(reply.pngErrors),
  };
}
