/** The renderer's RPC client, typed from the contract: call(method, params) and on(event, listener). */
import type { EventMap, EventName, MethodName, ParamsOf, ResultOf } from '../../../contract/contract';
import { RpcFailure, rpcError } from '../../../contract/envelope';
import { MAX_RESPONSE_BYTES, type ServerMessage } from '../../../contract/wire';
import { decodeWireMessage, wireMessageSize } from '../../../contract/wire-frame';
import type { Transport } from './transport';

/** What the store needs from a client. */
export interface RpcApi {
  call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>>;
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: RpcFailure): void;
}

/** Matches responses to requests by id; a backend restart fails every call in flight. */
export class RpcClient implements RpcApi {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();
  private transport: Transport | null = null;

  /** Uses a (new) carrier; calls in flight on the old one fail. */
  attach(transport: Transport): void {
    this.failAll('The connection to the backend was replaced.');
    this.transport = transport;
    transport.onMessage((data) => this.receive(data));
    transport.onClose((reason) => {
      if (this.transport === transport) this.transport = null;
      this.failAll(`The connection to the backend closed: ${reason}`);
    });
  }

  /** Calls a method; rejects with RpcFailure carrying the error envelope. */
  call<M extends MethodName>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    const transport = this.transport;
    if (transport === null) {
      return Promise.reject(new RpcFailure(rpcError('INTERNAL', 'Not connected to the backend.', 'Reload the page.')));
    }
    const id = this.nextId++;
    return new Promise<ResultOf<M>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      transport.send(JSON.stringify({ kind: 'request', id, method, params }));
    });
  }

  /** Listens to an event; returns the function that stops listening. */
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  private receive(data: string | ArrayBuffer | Uint8Array): void {
    if (wireMessageSize(data) > MAX_RESPONSE_BYTES) return;
    let message: ServerMessage;
    try {
      message = decodeWireMessage(data) as ServerMessage;
    } catch {
      return;
    }
    if (message.kind === 'event') {
      if (message.event === 'backendRestarted') this.failAll('The decoder process restarted.', 'BACKEND_RESTARTED');
      this.listeners
        .get(message.event)
        ?.forEach((listener) => (listener as (payload: unknown) => void)(message.payload));
      return;
    }
    const pending = this.pending.get(message.id);
    if (pending === undefined) return;
    this.pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new RpcFailure(message.error));
  }

  private failAll(reason: string, code: 'INTERNAL' | 'BACKEND_RESTARTED' = 'INTERNAL'): void {
    const failure = new RpcFailure(
      rpcError(code, reason, code === 'INTERNAL' ? 'Try again; the app reconnected.' : undefined),
    );
    for (const pending of this.pending.values()) pending.reject(failure);
    this.pending.clear();
  }
}
