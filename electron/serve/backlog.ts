/**
 * Each client's backlog, counted wherever it queues: requests held in serve mode, requests the backend holds (and
 * answers on their way back over IPC), and answers left unread on the client's socket. A client over its share is
 * not served until it reads: its requests wait here, and past a few of them are refused with BUSY, so its backlog
 * cannot move into the backend, where no socket limit sees it.
 */
import { MAX_PENDING_REQUESTS } from '../../contract/wire';

/** How much of each queue one client may fill. */
export interface BacklogLimits {
  /** Requests of one client passed to the backend and not yet answered back. */
  inFlight: number;
  /** Bytes one client may leave unread on its socket before its next request waits. */
  unreadShare: number;
  /** Requests of one client waiting here; past it BUSY. */
  waiting: number;
}

/** A client's requests in the backend, and its bytes left unread, as the server measures them. */
export interface BacklogGauges {
  inFlight(clientId: string): number;
  unread(clientId: string): number;
}

/** Requests the backend may hold for one client: it works through one client's file calls one at a time, so more
 * would only queue answers there. */
export const CLIENT_IN_FLIGHT = 8;

/** The limits for a server whose clients may together leave unreadBudget bytes unread. */
export function backlogLimits(unreadBudget: number, maxClients: number, socketCap: number): BacklogLimits {
  const share = Number.isFinite(unreadBudget) ? Math.floor(unreadBudget / Math.max(1, maxClients)) : socketCap / 2;
  return {
    inFlight: CLIENT_IN_FLIGHT,
    // Under the socket cap, so a client is held back well before it would be closed.
    unreadShare: Math.max(1_048_576, Math.min(share, socketCap / 2)),
    waiting: MAX_PENDING_REQUESTS,
  };
}

/** What to do with a request a client sent. */
export type Admission = 'send' | 'wait' | 'busy';

/** The requests each client has waiting here, in the order they came. */
export class Backlogs {
  private readonly waiting = new Map<string, string[]>();

  constructor(
    private readonly limits: BacklogLimits,
    private readonly gauges: BacklogGauges,
  ) {}

  /** Sends a request on, keeps it waiting (in order behind any already waiting), or refuses it. */
  admit(clientId: string, text: string): Admission {
    const queue = this.waiting.get(clientId) ?? [];
    if (queue.length === 0 && this.open(clientId)) return 'send';
    if (queue.length >= this.limits.waiting) return 'busy';
    queue.push(text);
    this.waiting.set(clientId, queue);
    return 'wait';
  }

  /** The waiting requests of a client that may go now, in order; called when it reads or an answer comes back. */
  release(clientId: string): string[] {
    const queue = this.waiting.get(clientId);
    if (queue === undefined) return [];
    const out: string[] = [];
    // Each one let go counts at once: the caller sends them in flight before the next check would see it.
    while (queue.length > 0 && this.open(clientId, out.length)) out.push(queue.shift() as string);
    if (queue.length === 0) this.waiting.delete(clientId);
    return out;
  }

  /** Takes every waiting request of a client (a cancel answers them). */
  drop(clientId: string): string[] {
    const queue = this.waiting.get(clientId) ?? [];
    this.waiting.delete(clientId);
    return queue;
  }

  /** Requests of a client waiting here. */
  count(clientId: string): number {
    return this.waiting.get(clientId)?.length ?? 0;
  }

  /** Clients with requests waiting. */
  clients(): string[] {
    return [...this.waiting.keys()];
  }

  /** Whether a client is under its share of every queue, with `more` requests about to join those in flight. */
  private open(clientId: string, more = 0): boolean {
    return (
      this.gauges.inFlight(clientId) + more < this.limits.inFlight &&
      this.gauges.unread(clientId) < this.limits.unreadShare
    );
  }
}
