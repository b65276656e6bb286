/** Keeps one backend process alive: starts it, restarts it when it dies, remembers where each client was. */
import { EventEmitter } from 'node:events';
import type { BackendRestartedEvent } from '../../contract/contract';
import { watchMemory, type OverLimit } from './memory-watch';
import { decideRestart, describeExit, DEFAULT_RESTART_POLICY, type RestartPolicy } from './policy';
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

/** Events of a Supervisor. */
export interface SupervisorEvents {
  /** A new process runs in place of a dead one; the parent re-attaches its clients. */
  restarted: [event: Omit<BackendRestartedEvent, 'lastFile' | 'lastFrame'>];
  /** The running process ended (before any restart): requests it held will never be answered. */
  exited: [reason: string];
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
    const unwatch =
      this.memoryLimitBytes !== null && child.pid !== undefined
        ? watchMemory(child.pid, this.memoryLimitBytes, (seen) => {
            over = seen;
            child.kill('SIGKILL');
          })
        : () => undefined;
    child.onMessage((message) => {
      if (message.type === 'state') this.states.set(message.clientId, message.state);
      this.emit('message', message);
    });
    child.onExit((code, signal) => {
      unwatch();
      this.exited(child, code, signal, over);
    });
    return child;
  }

  private exited(child: ChildHandle, code: number | null, signal: string | null, over: OverLimit | null): void {
    if (child !== this.current) return;
    this.current = null;
    if (this.stopped) return;
    const reason = describeExit(code, signal, over);
    this.emit('exited', reason);
    const now = this.now();
    this.exits.push(now);
    const decision = decideRestart(this.exits, now, this.policy);
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
