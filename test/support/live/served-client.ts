/**
 * The renderer's RPC client connected to the real serve mode (test/e2e/serve.ts: the built server, the backend
 * process, the addon) over the renderer's own WebSocket transport, for store and client tests under Node.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'ws';
import { RpcClient } from '../../../renderer/src/rpc/client';
import type { Transport } from '../../../renderer/src/rpc/transport';
import { openWebSocket } from '../../../renderer/src/rpc/websocket-transport';
import { ROOT } from '../paths';
import type { Served } from './serve';

export { startServe, type Served } from './serve';

// Node 20 has no WebSocket of its own; the ws client offers the browser's API (addEventListener, text as strings).
if (globalThis.WebSocket === undefined) globalThis.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;

/** True when serve mode is built (npm run build). */
export const serveBuilt = existsSync(path.join(ROOT, 'out', 'serve', 'index.js'));

/** A client connected to serve mode, and the carrier under it. */
export interface Connected {
  client: RpcClient;
  transport: Transport;
}

/** Opens /rpc with the token, as the page does, and attaches a new client to it; each connection is a new client. */
export async function connect(served: Served): Promise<Connected> {
  const transport = await openWebSocket(`ws://127.0.0.1:${served.port}/rpc?token=${served.token}`);
  const client = new RpcClient();
  client.attach(transport);
  return { client, transport };
}

/** Kills the backend process behind a client with SIGKILL, as a crash would; serve mode then restarts it. */
export async function killBackend(client: RpcClient): Promise<number> {
  const { backend } = await client.call('environment', {});
  process.kill(backend.pid, 'SIGKILL');
  return backend.pid;
}

/** Resolves once check() holds, polling every few milliseconds; rejects after timeoutMs. */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
