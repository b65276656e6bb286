/** The backend's clients: each attached channel gets its own ClientSession and its requests dispatched. */
import type { BackendRestartedEvent, EventMap, EventName } from '../common/contract';
import type { WireEvent } from '../common/wire';
import type { ClientStateMessage } from '../supervisor/protocol';
import { ClientSession } from './client-session';
import { dispatch } from './dispatch';
import type { Handlers } from './handlers';

/** A two-way string pipe to one client. */
export interface Channel {
  send(data: string): void;
  onMessage(listener: (data: string) => void): void;
  onClose(listener: () => void): void;
}

/** Routes each client's messages to the handlers. */
export class BackendServer {
  private readonly clients = new Map<string, ClientSession>();

  constructor(
    private readonly handlers: Handlers,
    private readonly reportState: (clientId: string, state: ClientStateMessage) => void,
  ) {}

  /** Starts serving a client; after a restart, first tells it what happened. */
  attach(clientId: string, channel: Channel, restarted: BackendRestartedEvent | null): void {
    this.detach(clientId);
    const client = new ClientSession((state) => this.reportState(clientId, state));
    this.clients.set(clientId, client);
    const emit = <E extends EventName>(event: E, payload: EventMap[E]): void => {
      const message: WireEvent<E> = { kind: 'event', event, payload };
      channel.send(JSON.stringify(message));
    };
    channel.onMessage((data) => {
      void dispatch(this.handlers, data, { client, emit }).then((response) => channel.send(JSON.stringify(response)));
    });
    channel.onClose(() => this.detach(clientId));
    if (restarted !== null) emit('backendRestarted', restarted);
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
