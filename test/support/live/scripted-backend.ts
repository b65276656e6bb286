/**
 * A small backend process that speaks the supervisor's protocol, for tests of serve mode's limits with a real child:
 * `open` makes it grow its resident memory until it is killed (a file that costs more than it was charged), `blob`
 * answers with a megabyte, `count` says how many blobs it made for each client; anything else is echoed at once.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WebSocket } from 'ws';
import { decodeWireMessage } from '../../../contract/wire-frame';

/** Bytes of one `blob` answer's payload. */
export const BLOB_BYTES = 1_048_576;

const SOURCE = `
const held = [];
const blobs = {};
const reply = (clientId, id, result) =>
  process.send({ type: 'message', clientId, data: JSON.stringify({ kind: 'response', id, ok: true, result }) });
process.on('message', (message) => {
  if (message.type !== 'message') return;
  const request = JSON.parse(message.data);
  if (request.method === 'open') {
    // Touches 16 MiB every few milliseconds and never answers: only the memory watch ends it.
    setInterval(() => held.push(Buffer.alloc(16 * 1024 * 1024, 1)), 5);
  } else if (request.method === 'blob') {
    blobs[message.clientId] = (blobs[message.clientId] ?? 0) + 1;
    reply(message.clientId, request.id, { bytes: 'x'.repeat(${BLOB_BYTES}) });
  } else if (request.method === 'count') {
    reply(message.clientId, request.id, { blobs });
  } else reply(message.clientId, request.id, { method: request.method, pid: process.pid });
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready', pid: process.pid });
`;

/** Writes the backend's script into a folder; returns its path. */
export async function writeScriptedBackend(dir: string): Promise<string> {
  const file = path.join(dir, 'scripted-backend.cjs');
  await writeFile(file, SOURCE);
  return file;
}

/** An answer as a test reads it. */
export interface Answer {
  id: number;
  ok: boolean;
  result?: Record<string, unknown>;
  error?: { code: string; message: string; remedy: string };
}

/** A WebSocket client of serve mode that keeps every answer by id. */
export class TestClient {
  readonly answers = new Map<number, Answer>();
  private readonly waiters = new Map<number, (answer: Answer) => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const message = decodeWireMessage(isBinary ? new Uint8Array(data) : data.toString()) as Answer & {
        kind: string;
      };
      if (message.kind !== 'response') return;
      this.answers.set(message.id, message);
      this.waiters.get(message.id)?.(message);
      this.waiters.delete(message.id);
    });
  }

  /** Connects to /rpc with the token. */
  static async connect(port: number, token: string): Promise<TestClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${token}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestClient(ws);
  }

  /** Sends a request without waiting. */
  send(id: number, method: string, params: unknown = {}): void {
    this.ws.send(JSON.stringify({ kind: 'request', id, method, params }));
  }

  /** Resolves with the answer to a request (sent before or after). */
  answer(id: number): Promise<Answer> {
    const known = this.answers.get(id);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => this.waiters.set(id, resolve));
  }

  /** Sends a request and resolves with its answer. */
  call(id: number, method: string, params: unknown = {}): Promise<Answer> {
    this.send(id, method, params);
    return this.answer(id);
  }

  /** Closes the connection. */
  close(): void {
    this.ws.terminate();
  }
}
