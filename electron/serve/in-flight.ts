/**
 * The requests serve mode has passed to the backend and not yet seen answered, per client. When the backend dies,
 * each is answered BACKEND_RESTARTED, so no client (a browser or a script) waits for an answer that cannot come; the
 * one the backend was killed for, past its memory limit, is answered with that error instead.
 */
import { rpcError, type RpcError } from '../../contract/envelope';
import type { WireResponse } from '../../contract/wire';
import { BINARY_FRAME_MAGIC } from '../../contract/wire-frame';

/** What serve mode reads of a request: its id, its method, and the file it names (params.path), when it has them. */
export interface RequestHead {
  id: number;
  method: string | null;
  path: string | null;
}

/** The head of a request as a client sent it (JSON text), or null when it has no id that can be answered. */
export function requestHead(text: string): RequestHead | null {
  try {
    const parsed = JSON.parse(text) as { id?: unknown; method?: unknown; params?: { path?: unknown } | null } | null;
    if (typeof parsed?.id !== 'number' || !Number.isSafeInteger(parsed.id)) return null;
    const method = typeof parsed.method === 'string' ? parsed.method : null;
    const path = typeof parsed.params?.path === 'string' ? parsed.params.path : null;
    return { id: parsed.id, method, path };
  } catch {
    return null;
  }
}

/** The id of a request as a client sent it (JSON text), or null when it has none that can be answered. */
export function requestId(text: string): number | null {
  return requestHead(text)?.id ?? null;
}

const RESPONSE_HEAD = /^\{"kind":"response","id":(-?\d{1,16})[,}]/;
const MAGIC = new TextEncoder().encode(BINARY_FRAME_MAGIC);

/**
 * The id of an answer the backend sent (JSON text, or a binary frame whose header holds the message), read from
 * its first bytes; null for an event. Responses are written with kind and id first (backend/dispatch.ts).
 */
export function responseId(data: string | Uint8Array): number | null {
  let head: string;
  if (typeof data === 'string') head = data.slice(0, 64);
  else {
    if (data.byteLength < 8 || MAGIC.some((byte, k) => data[k] !== byte)) return null;
    const length = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(4, true);
    const header = new TextDecoder().decode(data.subarray(8, 8 + Math.min(length, 4096)));
    const at = header.indexOf('"message":');
    if (at < 0) return null;
    head = header.slice(at + '"message":'.length, at + '"message":'.length + 64);
  }
  const match = RESPONSE_HEAD.exec(head);
  return match === null ? null : Number(match[1]);
}

/** A request in flight: the order it was sent in, and the file it names. */
interface Sent {
  order: number;
  path: string | null;
}

/** The request in flight longest, with its client. */
export interface OldestRequest {
  clientId: string;
  id: number;
  path: string | null;
}

/** The request a backend's death is put down to, and the error it is answered with. */
export interface Blamed {
  clientId: string;
  id: number;
  error: RpcError;
}

/** Requests in flight, by client and id. */
export class InFlight {
  private readonly byClient = new Map<string, Map<number, Sent>>();
  private order = 0;

  /** A request went to the backend. */
  sent(clientId: string, text: string): void {
    const head = requestHead(text);
    if (head === null) return;
    let ids = this.byClient.get(clientId);
    if (ids === undefined) this.byClient.set(clientId, (ids = new Map()));
    ids.set(head.id, { order: (this.order += 1), path: head.path });
  }

  /**
   * The request that has waited longest: when the backend passes its memory limit, it has been running through the
   * whole climb, where a later one joined part-way (the process's memory cannot be split by request).
   */
  oldest(): OldestRequest | null {
    let found: (OldestRequest & { order: number }) | null = null;
    for (const [clientId, ids] of this.byClient)
      for (const [id, sent] of ids)
        if (found === null || sent.order < found.order) found = { clientId, id, path: sent.path, order: sent.order };
    return found === null ? null : { clientId: found.clientId, id: found.id, path: found.path };
  }

  /** An answer came back. */
  answered(clientId: string, data: string | Uint8Array): void {
    const id = responseId(data);
    if (id !== null) this.byClient.get(clientId)?.delete(id);
  }

  /** Forgets a client that went away. */
  forget(clientId: string): void {
    this.byClient.delete(clientId);
  }

  /** Requests of a client still waiting. */
  count(clientId: string): number {
    return this.byClient.get(clientId)?.size ?? 0;
  }

  /**
   * Takes every request still waiting, as the answers each client is owed: BACKEND_RESTARTED, except the blamed
   * request (if still waiting), which gets its own error.
   */
  fail(reason: string, blamed: Blamed | null = null): { clientId: string; answer: WireResponse }[] {
    const owed: { clientId: string; answer: WireResponse }[] = [];
    for (const [clientId, ids] of this.byClient)
      for (const id of ids.keys()) {
        const own = blamed !== null && blamed.clientId === clientId && blamed.id === id;
        owed.push({
          clientId,
          answer: {
            kind: 'response',
            id,
            ok: false,
            error: own ? blamed.error : rpcError('BACKEND_RESTARTED', `This request was not answered: ${reason}.`),
          },
        });
      }
    this.byClient.clear();
    return owed;
  }
}
