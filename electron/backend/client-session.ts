/** One client's open file: at most one addon Session, with its calls run one at a time. */
import type { FrameSource } from '../addon/native';
import { RpcFailure, rpcError } from '../common/envelope';
import type { FrameReport } from '../common/report';

/** Where the client is: the file it has open and the frame it looks at. */
export interface ClientState {
  lastFile: string | null;
  lastFrame: number | null;
}

/** Holds a client's Session and serialises the calls that touch it. */
export class ClientSession {
  private session: FrameSource | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly pending = new Set<AbortController>();
  private state: ClientState = { lastFile: null, lastFrame: null };
  private visited = new Map<number, FrameReport>();

  constructor(private readonly onState: (state: ClientState) => void = () => undefined) {}

  /** Runs fn with a signal that cancel() aborts, from the moment the request arrives (queued or running). */
  cancellable<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.pending.add(controller);
    return fn(controller.signal).finally(() => this.pending.delete(controller));
  }

  /** Aborts every request of this client that is queued or running; returns how many there were. */
  cancel(): number {
    const count = this.pending.size;
    for (const controller of this.pending) controller.abort();
    this.pending.clear();
    return count;
  }

  /** Runs fn after every call queued before it has settled. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The open Session; throws CLOSED when there is none. */
  current(): FrameSource {
    if (this.session === null || this.session.closed) {
      throw new RpcFailure(rpcError('CLOSED', 'No file is open.'));
    }
    return this.session;
  }

  /** Closes the previous Session (if any) and keeps the new one. */
  replace(next: FrameSource, file: string): void {
    this.closeSession();
    this.session = next;
    this.visited = new Map();
    this.update({ lastFile: file, lastFrame: null });
  }

  /** Notes the frame the client looks at, and the report it was shown (captures save what was seen). */
  viewed(frame: number, report?: FrameReport): void {
    if (report !== undefined) this.visited.set(frame, report);
    this.update({ lastFile: this.state.lastFile, lastFrame: frame });
  }

  /** The frames shown since the file was opened, ascending. */
  visitedFrames(): number[] {
    return [...this.visited.keys()].sort((a, b) => a - b);
  }

  /** The reports shown since the file was opened, by frame (the latest one of each). */
  visitedReports(): ReadonlyMap<number, FrameReport> {
    return this.visited;
  }

  /** The client's file and frame. */
  snapshot(): ClientState {
    return { ...this.state };
  }

  /** Closes the Session; returns whether one was open. */
  close(): boolean {
    const had = this.closeSession();
    this.visited = new Map();
    this.update({ lastFile: null, lastFrame: null });
    return had;
  }

  private closeSession(): boolean {
    const had = this.session !== null && !this.session.closed;
    this.session?.close();
    this.session = null;
    return had;
  }

  private update(next: ClientState): void {
    this.state = next;
    this.onState(this.snapshot());
  }
}
