/** Keeps one backend process alive: starts it, restarts it when it dies, remembers where each client was. */
import { EventEmitter } from 'node:events';
import type { BackendRestartedEvent } from '../../contract/contract';
import { watchMemory, type OverLimit } from './memory-watch';
import {
  decideRestart,
  describeExit,
  DEFAULT_RESTART_POLICY,
  type RestartDecision,
  type RestartPolicy,
} from './policy';
import type { ChildMessage, ClientStateMessage, ParentMessage } from './protocol';

/** A started backend process, whatever started it (utilityProcess or child_process.fork). */
export interface ChildHandle {
  readonly pid: number | undefined;
  send(message: ParentMessage, transfer?: unknown[]): void;
  onMessage(listener: (message: ChildMessage) => void): void;
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  /** Ends the process; SIGKILL when it must stop at once (over its memory limit). */
  kill(signal?: 'SIGKILL'): void;
}

/** Starts a backend process. */
export type SpawnChild = () => ChildHandle;

/** The client request a kill past the memory limit is put down to. */
export interface Culprit {
  clientId: string;
  requestId: number;
  /** The file the request named, or the one its client had open; null when neither is known. */
  file: string | null;
}

/** Names the request in flight to blame for a kill past the memory limit, or null when none was in flight. */
export type Attribute = (over: OverLimit) => Culprit | null;

/** Events of a Supervisor. */
export interface SupervisorEvents {
  /** A new process runs in place of a dead one; the parent re-attaches its clients. */
  restarted: [event: Omit<BackendRestartedEvent, 'lastFile' | 'lastFrame'>];
  /** The running process ended (before any restart): requests it held will never be answered. The culprit is the
   * client request it was killed for, past its memory limit; null when the backend ended on its own. */
  exited: [reason: string, culprit: Culprit | null];
  /** A process sent a message for a client. */
  message: [message: ChildMessage];
  /** The policy said stop. */
  gaveUp: [reason: string];
}

/** Supervises one backend process at a time. */
export class Supervisor extends EventEmitter<SupervisorEvents> {
  private current: ChildHandle | null = null;
  private readonly exits: number[] = [];
  private readonly states = new Map<string, ClientStateMessage>();
  private restarts = 0;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attribute: Attribute = () => null;

  constructor(
    private readonly spawn: SpawnChild,
    private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY,
    private readonly now: () => number = Date.now,
    /** The backend's resident-memory limit in bytes; past it the process is killed and restarted. Null: none. */
    private readonly memoryLimitBytes: number | null = null,
  ) {
    super();
  }

  /** Starts the first process. */
  start(): ChildHandle {
    this.stopped = false;
    return this.launch();
  }

  /** The running process, if any. */
  child(): ChildHandle | null {
    return this.current;
  }

  /** Where a client was, from the backend's last report. */
  stateOf(clientId: string): ClientStateMessage {
    return this.states.get(clientId) ?? { lastFile: null, lastFrame: null };
  }

  /**
   * Sets who is asked to blame a kill past the memory limit on a request in flight: such a restart is that client's
   * doing, so it never counts toward giving up (one client could otherwise end the backend for every other).
   */
  attributeWith(attribute: Attribute): void {
    this.attribute = attribute;
  }

  /** Forgets a client that went away. */
  forget(clientId: string): void {
    this.states.delete(clientId);
  }

  /** Stops supervising and ends the process. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.current?.kill();
    this.current = null;
  }

  private launch(): ChildHandle {
    const child = this.spawn();
    this.current = child;
    let over: OverLimit | null = null;
    let culprit: Culprit | null = null;
    const unwatch =
      this.memoryLimitBytes !== null && child.pid !== undefined
        ? watchMemory(child.pid, this.memoryLimitBytes, (seen) => {
            over = seen;
            // Blamed now, while the requests that drove the memory up are still the ones in flight.
            culprit = this.attribute(seen);
            child.kill('SIGKILL');
          })
        : () => undefined;
    child.onMessage((message) => {
      if (message.type === 'state') this.states.set(message.clientId, message.state);
      this.emit('message', message);
    });
    child.onExit((code, signal) => {
      unwatch();
      this.exited(child, code, signal, over, culprit);
    });
    return child;
  }

  private exited(
    child: ChildHandle,
    code: number | null,
    signal: string | null,
    over: OverLimit | null,
    culprit: Culprit | null,
  ): void {
    if (child !== this.current) return;
    this.current = null;
    if (this.stopped) return;
    const reason = describeExit(code, signal, over);
    this.emit('exited', reason, culprit);
    const now = this.now();
    // Only the backend's own exits count toward giving up; one a client's request caused is restarted at once.
    if (culprit === null) this.exits.push(now);
    const decision: RestartDecision =
      culprit === null
        ? decideRestart(this.exits, now, this.policy)
        : { restart: true, delayMs: this.policy.baseDelayMs };
    if (!decision.restart) {
      this.emit('gaveUp', decision.reason);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      this.restarts += 1;
      this.launch();
      this.emit('restarted', { reason, exitCode: code, signal, restarts: this.restarts });
    }, decision.delayMs);
  }
}
