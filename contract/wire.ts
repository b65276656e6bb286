/** The messages both carriers (MessagePort and WebSocket) move, and their size limits. */
import { z } from 'zod';
import { boundedJson } from './bounded-json';
import type { RpcError } from './envelope';
import type { EventMap, EventName, MethodName, ResultOf } from './contract';

/** Largest request a server accepts, in bytes of JSON. */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** Most requests of one client that may wait for their answers at once; more are answered BUSY. */
export const MAX_PENDING_REQUESTS = 32;

/** Largest response or event a client accepts, in bytes (characters of JSON text, or bytes of a binary frame). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** A call from a client; params are checked later against the method's own schema. */
export const requestSchema = z
  .object({
    kind: z.literal('request'),
    id: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
    method: z.string().min(1).max(64),
    // Bounded before the method's own schema sees it: no request's parameters nest deeper than this.
    params: boundedJson({ maxDepth: 16, maxBytes: MAX_REQUEST_BYTES }).optional(),
  })
  .strict();

/** The answer to one request. */
export type WireResponse<M extends MethodName = MethodName> =
  | { kind: 'response'; id: number; ok: true; result: ResultOf<M> }
  | { kind: 'response'; id: number; ok: false; error: RpcError };

/** An event pushed by the backend. */
export interface WireEvent<E extends EventName = EventName> {
  kind: 'event';
  event: E;
  payload: EventMap[E];
}

/** Anything a client receives. */
export type ServerMessage = WireResponse | WireEvent;
