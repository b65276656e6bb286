/** Serve mode's HTTP server: the built renderer and the RPC WebSocket, behind Host, Origin and token checks. */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy } from '../../contract/csp';
import { rpcError, type RpcError } from '../../contract/envelope';
import { MAX_REQUEST_BYTES, type WireResponse } from '../../contract/wire';
import type { Supervisor } from '../supervisor/supervisor';
import { backlogLimits, Backlogs } from './backlog';
import { COOL_DOWN_MS, CoolDown } from './cool-down';
import { InFlight, requestHead } from './in-flight';
import { listenOnPort } from './listen-port';
import { allowedHosts, cookieName, hostAllowed, originAllowed, presentedToken, tokenMatches } from './security';
import { sendStatic } from './static-files';

/** How to run the server. */
export interface ServeConfig {
  host: string;
  port: number;
  /** True when the port is serve mode's default, not one the user named: a busy one moves on (listen-port.ts). */
  portIsDefault?: boolean;
  token: string;
  rendererDir: string;
  allowHosts: readonly string[];
  supervisor: Supervisor;
  /** Most WebSocket clients at once. */
  maxClients?: number;
  /** Bytes a client may leave unread on its socket before it is no longer served (default SOCKET_BUFFER_CAP). */
  socketBufferCap?: number;
  /**
   * Bytes all clients together may leave unread (answers queued in this process): each client's share is this over
   * maxClients, and a client past its share is not served until it reads. Default: half the socket cap each.
   */
  unreadBudget?: number;
  /** The folder relative paths in requests are named against (the backend's working folder; default: this one's). */
  root?: string;
  /** How long a file whose request drove the backend past its memory limit is refused (default COOL_DOWN_MS). */
  coolDownMs?: number;
}

/**
 * The most a client may leave unread: past it, answers would only pile up in this process's memory, so the socket is
 * closed with 1008 (policy violation) and dropped a moment later if the client does not answer the close either.
 */
const SOCKET_BUFFER_CAP = 64 * 1024 * 1024;

/** A running server. */
export interface RunningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Why a request was refused, or null when it may proceed. */
export function refusal(
  req: Pick<IncomingMessage, 'headers' | 'url'>,
  hosts: readonly string[],
  token: string,
  port: number,
): { status: number; text: string } | null {
  if (!hostAllowed(req.headers.host, hosts)) return { status: 403, text: 'Forbidden: unexpected Host header' };
  if (!originAllowed(req.headers.origin, hosts)) return { status: 403, text: 'Forbidden: foreign Origin' };
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!tokenMatches(presentedToken(url, req.headers, port), token)) {
    return { status: 401, text: 'Unauthorized: open the URL that serve mode printed; it carries the token' };
  }
  return null;
}

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': `${contentSecurityPolicy()}; frame-ancestors 'none'`,
};

/** Starts listening; resolves once the port is bound. */
export async function startServer(config: ServeConfig): Promise<RunningServer> {
  const sockets = new Map<string, WebSocket>();
  const inFlight = new InFlight();
  const coolDownMs = config.coolDownMs ?? COOL_DOWN_MS;
  const coolDown = new CoolDown(config.root ?? process.cwd(), coolDownMs);
  const cap = config.socketBufferCap ?? SOCKET_BUFFER_CAP;
  const maxClients = config.maxClients ?? 8;
  const backlogs = new Backlogs(backlogLimits(config.unreadBudget ?? Number.POSITIVE_INFINITY, maxClients, cap), {
    inFlight: (clientId) => inFlight.count(clientId),
    unread: (clientId) => sockets.get(clientId)?.bufferedAmount ?? 0,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });
  let hosts: string[] = [];
  let port = config.port;

  const server = http.createServer((req, res) => {
    handleHttp(req, res).catch((error: unknown) => {
      // A failure while answering one request ends that request only.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end();
      process.stderr.write(`serve: request failed: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  // A malformed request or a reset connection closes that connection only.
  server.on('clientError', (_error, socket: Duplex) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    socket.destroy();
  });
  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const refused = refusal(req, hosts, config.token, port);
    if (refused !== null) {
      res.writeHead(refused.status, { 'content-type': 'text/plain; charset=utf-8' }).end(refused.text);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.searchParams.has('token')) {
      // Trade the token in the URL for a cookie, so it leaves the address bar and history.
      res.writeHead(303, {
        'set-cookie': `${cookieName(port)}=${config.token}; HttpOnly; SameSite=Strict; Path=/`,
        location: sameOriginPath(url.pathname),
      });
      res.end();
      return;
    }
    await sendStatic(config.rendererDir, url.pathname, res, req.method === 'HEAD');
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands an upgraded socket over with no error listener: a reset would end the process.
    socket.on('error', () => socket.destroy());
    const refused = refusal(req, hosts, config.token, port);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const full = sockets.size >= maxClients;
    if (refused !== null || path !== '/rpc' || full) {
      const status = refused?.status ?? (full ? 503 : 404);
      socket.end(`HTTP/1.1 ${status} ${refused?.text ?? 'Refused'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  function attach(ws: WebSocket): void {
    const clientId = randomUUID();
    sockets.set(clientId, ws);
    // ws closes the connection itself, with the right close code, on a malformed frame (bad opcode, RSV bits,
    // UTF-8, size); the error is that connection's alone and must not reach the process.
    ws.on('error', () => undefined);
    config.supervisor.child()?.send({ type: 'attach', clientId, restarted: null });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return void ws.close(1003, 'text frames only');
      const text = data.toString();
      const head = requestHead(text);
      const cooling = head?.path == null ? null : coolDown.remaining(head.path);
      if (head !== null && head.path !== null && cooling !== null)
        return void deliver(clientId, JSON.stringify(refused(head.id, coolDown.refusal(head.path, cooling))));
      // A cancel goes at once: it must reach what the backend holds; what waits here is answered here.
      if (head?.method === 'cancel') {
        for (const held of backlogs.drop(clientId)) deliver(clientId, JSON.stringify(cancelledReply(held)));
        return forward(clientId, text);
      }
      const admission = backlogs.admit(clientId, text);
      if (admission === 'send') forward(clientId, text);
      else if (admission === 'busy') deliver(clientId, JSON.stringify(busyReply(text, backlogs.count(clientId))));
    });
    ws.on('close', () => {
      sockets.delete(clientId);
      inFlight.forget(clientId);
      backlogs.drop(clientId);
      config.supervisor.child()?.send({ type: 'detach', clientId });
      config.supervisor.forget(clientId);
    });
  }

  /** Passes a request to the backend, or answers it at once while the backend is restarting. */
  function forward(clientId: string, text: string): void {
    const child = config.supervisor.child();
    if (child === null) return deliver(clientId, JSON.stringify(restartingReply(text)));
    inFlight.sent(clientId, text);
    child.send({ type: 'message', clientId, data: text });
  }
  /** Sends on what a client has waiting, as far as its share allows. */
  function pump(clientId: string): void {
    for (const text of backlogs.release(clientId)) forward(clientId, text);
  }
  /** Closes a client that leaves answers unread (1008), and drops it a moment later if it does not answer either. */
  function refuse(ws: WebSocket, why: string): void {
    ws.close(1008, why);
    setTimeout(() => ws.terminate(), 1_000).unref();
  }
  /**
   * Sends an answer, unless the client has left more than the cap unread: then it is closed, and sent nothing more.
   * Held to its share, a client reaches the cap only with answers already asked for; the close is the last resort.
   */
  function deliver(clientId: string, data: string | Uint8Array): void {
    const ws = sockets.get(clientId);
    if (ws === undefined || ws.readyState !== ws.OPEN) return;
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (ws.bufferedAmount + size > cap) return refuse(ws, 'answers left unread past the socket buffer cap');
    // Written out means read on the way: what the client has waiting may go.
    ws.send(data, () => pump(clientId));
  }

  config.supervisor.on('message', (message) => {
    if (message.type !== 'message') return;
    inFlight.answered(message.clientId, message.data);
    deliver(message.clientId, message.data);
    pump(message.clientId);
  });
  // A kill past the memory limit is put down to the request that has waited longest: it ran through the climb.
  config.supervisor.attributeWith(() => {
    const oldest = inFlight.oldest();
    if (oldest === null) return null;
    const file = oldest.path ?? config.supervisor.stateOf(oldest.clientId).lastFile;
    return { clientId: oldest.clientId, requestId: oldest.id, file };
  });
  // The backend died: every request it held is answered now, whether or not it is restarted; the one it was killed
  // for is told so, and its file waits out the cool-down.
  config.supervisor.on('exited', (reason, culprit) => {
    if (culprit?.file != null) coolDown.refuse(culprit.file);
    const blamed =
      culprit === null
        ? null
        : {
            clientId: culprit.clientId,
            id: culprit.requestId,
            error: overLimitError(reason, culprit.file, coolDownMs),
          };
    for (const { clientId, answer } of inFlight.fail(reason, blamed)) deliver(clientId, JSON.stringify(answer));
  });
  config.supervisor.on('restarted', (event) => {
    for (const clientId of sockets.keys()) {
      const restarted = { ...event, ...config.supervisor.stateOf(clientId) };
      config.supervisor.child()?.send({ type: 'attach', clientId, restarted });
    }
    for (const clientId of backlogs.clients()) pump(clientId);
  });

  port = await listenOnPort(server, config.host, { port: config.port, named: config.portIsDefault !== true });
  hosts = allowedHosts(config.host, port, config.allowHosts);
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/?token=${config.token}`;
  return {
    port,
    url,
    close: async () => {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive and unfinished HTTP connections would hold the close open: at shutdown they end too.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** A path on this server for a redirect: `//host/x` would leave the origin, so leading slashes fold into one. */
export function sameOriginPath(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, '')}`;
}

function refused(id: number, error: RpcError): WireResponse {
  return { kind: 'response', id, ok: false, error };
}

function overLimitError(reason: string, file: string | null, coolDownMs: number): RpcError {
  return rpcError(
    'MEMORY_BUDGET_EXCEEDED',
    `This request was not answered: ${reason}; the memory is put down to this request` +
      (file === null ? '.' : `, and ${file} is refused for ${Math.round(coolDownMs / 1000)} s.`),
    "Ask for less at once (a smaller file, or fewer frames held); whoever starts serve mode can raise the backend's memory budget (--memory-budget).",
  );
}

function busyReply(text: string, waiting: number): WireResponse {
  return refused(
    requestHead(text)?.id ?? -1,
    rpcError(
      'BUSY',
      `${waiting} requests of this client already wait for it to read its answers.`,
      'Read the answers already sent before sending more requests.',
    ),
  );
}

function cancelledReply(text: string): WireResponse {
  return refused(requestHead(text)?.id ?? -1, rpcError('CANCELLED', 'Cancelled before it reached the decoder.'));
}

function restartingReply(text: string): WireResponse {
  let id = -1;
  try {
    const parsed = JSON.parse(text) as { id?: unknown };
    if (typeof parsed.id === 'number') id = parsed.id;
  } catch {
    // An unreadable request still gets an answer, with id -1.
  }
  return {
    kind: 'response',
    id,
    ok: false,
    error: rpcError('BACKEND_RESTARTED', 'The decoder process is restarting.', 'Try again in a moment.'),
  };
}
