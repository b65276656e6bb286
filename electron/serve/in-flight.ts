/**
 * The requests serve mode has passed to the backend and not yet seen answered, per client. When the backend dies,
 * each is answered BACKEND_RESTARTED, so no client (a browser or a script) waits for an answer that cannot come.
 */
import { rpcError } from '../../contract/envelope';
import type { WireResponse } from '../../contract/wire';
import { BINARY_FRAME_MAGIC } from '../../contract/wire-frame';

/** The id of a request as a client sent it (JSON text), or null when it has none that can be answered. */
export function requestId(text: string): number | null {
  try {
    const parsed = JSON.parse(text) as { id?: unknown } | null;
    return typeof parsed?.id === 'number' && Number.isSafeInteger(parsed.id) ? parsed.id : null;
  } catch {
    return null;
  }
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

/** Ids of requests in flight, by client. */
export class InFlight {
  private readonly byClient = new Map<string, Set<number>>();

  /** A request went to the backend. */
  sent(clientId: string, text: string): void {
    const id = requestId(text);
    if (id === null) return;
    let ids = this.byClient.get(clientId);
    if (ids === undefined) this.byClient.set(clientId, (ids = new Set()));
    ids.add(id);
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

  /** Takes every request still waiting, as the BACKEND_RESTARTED answers each client is owed. */
  fail(reason: string): { clientId: string; answer: WireResponse }[] {
    const owed: { clientId: string; answer: WireResponse }[] = [];
    for (const [clientId, ids] of this.byClient)
      for (const id of ids)
        owed.push({
          clientId,
          answer: {
            kind: 'response',
            id,
            ok: false,
            error: rpcError('BACKEND_RESTARTED', `This request was not answered: ${reason}.`),
          },
        });
    this.byClient.clear();
    return owed;
  }
}
