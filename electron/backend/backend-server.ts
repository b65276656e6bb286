/** The backend's clients: each attached channel gets its own ClientSession and its requests dispatched. */
import type { EventMap, EventName } from '../../contract/contract';
import { rpcError } from '../../contract/envelope';
import { MAX_PENDING_REQUESTS, type WireEvent, type WireResponse } from '../../contract/wire';
import { encodeWireMessage } from '../../contract/wire-frame';
import type { ClientStateMessage, RestartedClient } from '../supervisor/protocol';
import { ClientSession } from './client-session';
import { dispatch } from './dispatch';
import type { Handlers } from './handlers/types';
import type { Persistence } from './persist';

/** A two-way pipe to one client: requests arrive as JSON text; answers leave as wire-frame.ts encodes them. */
export interface Channel {
  send(data: string | Uint8Array): void;
  onMessage(listener: (data: string) => void): void;
  onClose(listener: () => void): void;
}

/** Routes each client's messages to the handlers. */
export class BackendServer {
  private readonly clients = new Map<string, ClientSession>();

  constructor(
    private readonly handlers: Handlers,
    private readonly reportState: (clientId: string, state: ClientStateMessage) => void,
    /** Where a request's settings are read (its operator device); null: only what the request itself names. */
    private readonly settings: Pick<Persistence, 'getSettings'> | null = null,
  ) {}

  /** Starts serving a client; after a restart, first tells it what happened, and gives it back its own settings. */
  attach(clientId: string, channel: Channel, restarted: RestartedClient | null): void {
    this.detach(clientId);
    // The parent keeps the client's own settings with its file and frame, so a restart does not reset them.
    const client: ClientSession = new ClientSession((state) =>
      this.reportState(clientId, { ...state, settings: client.ownSettings() }),
    );
    if (restarted?.settings !== undefined) client.choose(restarted.settings);
    this.clients.set(clientId, client);
    const emit = <E extends EventName>(event: E, payload: EventMap[E]): void => {
      const message: WireEvent<E> = { kind: 'event', event, payload };
      channel.send(JSON.stringify(message));
    };
    let pending = 0;
    channel.onMessage((data) => {
      if (pending >= MAX_PENDING_REQUESTS) {
        channel.send(serialize(busyReply(data, pending)));
        return;
      }
      pending += 1;
      dispatch(this.handlers, data, { client, emit }, this.settings)
        .then((response) => channel.send(serialize(response)))
        .catch((error: unknown) => channel.send(serialize(internalReply(data, error))))
        .finally(() => {
          pending -= 1;
        });
    });
    channel.onClose(() => this.detach(clientId));
    if (restarted !== null) {
      const event = { ...restarted };
      delete event.settings; // the parent's record, not part of the event the client reads
      emit('backendRestarted', event);
    }
  }

  /** Stops serving a client and closes its Session. */
  detach(clientId: string): void {
    const client = this.clients.get(clientId);
    if (client === undefined) return;
    this.clients.delete(clientId);
    void client.serial(async () => client.close());
  }

  /** Number of attached clients. */
  size(): number {
    return this.clients.size;
  }
}

/** A response as it crosses the wire (JSON text, or a binary frame when it carries bytes); a value that cannot be
 * written (too deep, a cycle, a BigInt) becomes INTERNAL. */
export function serialize(response: WireResponse): string | Uint8Array {
  try {
    return encodeWireMessage(response);
  } catch (error) {
    return JSON.stringify(internalReplyFor(response.id, error));
  }
}

function internalReplyFor(id: number, error: unknown): WireResponse {
  const reason = error instanceof Error ? error.message : String(error);
  return { kind: 'response', id, ok: false, error: rpcError('INTERNAL', `The answer could not be sent: ${reason}`) };
}

function internalReply(raw: string, error: unknown): WireResponse {
  return internalReplyFor(requestIdOf(raw), error);
}

function busyReply(raw: string, depth: number): WireResponse {
  return {
    kind: 'response',
    id: requestIdOf(raw),
    ok: false,
    error: rpcError(
      'BUSY',
      `${depth} requests of this client are still queued (at most ${MAX_PENDING_REQUESTS}).`,
      'Wait for answers before sending more requests.',
    ),
  };
}

/** The id of a raw request when it can be read cheaply, else -1. */
function requestIdOf(raw: string): number {
  const match = /"id"\s*:\s*(\d{1,15})\b/.exec(raw.slice(0, 256));
  return match?.[1] === undefined ? -1 : Number(match[1]);
}
