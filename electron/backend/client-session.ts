/** One client's open file: at most one addon Session, with its calls run one at a time. */
import type { FrameSource } from '../capture/frame-source';
import { RpcFailure, rpcError, type RpcError } from '../../contract/envelope';
import type { FrameReport } from '../../contract/report';
import type { ClientSettingsPatch } from '../../contract/settings';
import type { Charge } from './memory-budget';

/** Where the client is: the file it has open and the frame it looks at. */
export interface ClientState {
  lastFile: string | null;
  lastFrame: number | null;
}

/** How often, at most, the state listener hears of frame steps. */
export const STATE_DELAY_MS = 250;

/** How long a replaced Session waits for the new file's first frame answer before it is torn down anyway. */
export const RETIRE_DELAY_MS = 1000;

/** A frame request waiting for its turn; a newer one answers it SUPERSEDED. */
interface Waiting {
  supersede(): void;
}

/** Holds a client's Session and serialises the calls that touch it. */
export class ClientSession {
  private session: FrameSource | null = null;
  /** The Session a new file replaced, torn down once the new file's first frame is answered. */
  private retiring: FrameSource | null = null;
  /** What the open Session and the one set aside hold of the backend's memory budget, given back on teardown. */
  private charge: Charge | null = null;
  private retiringCharge: Charge | null = null;
  private retireTimer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly pending = new Set<AbortController>();
  private state: ClientState = { lastFile: null, lastFrame: null };
  private visited = new Map<number, FrameReport>();
  private stateTimer: NodeJS.Timeout | null = null;
  private stateOwed = false;
  private waitingFrame: Waiting | null = null;
  private supersededCount = 0;
  private own: ClientSettingsPatch = {};
  private operatorDeviceError: RpcError | null = null;

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

  /**
   * serial() for frame requests, latest wins: a frame request still waiting when a newer one arrives is answered
   * SUPERSEDED at once and never reaches the decoder, so holding a key queues at most one request behind the one
   * being decoded.
   */
  latest<T>(fn: () => Promise<T>): Promise<T> {
    this.waitingFrame?.supersede();
    let superseded = false;
    let reject: (reason: unknown) => void = () => undefined;
    const ticket: Waiting = {
      supersede: () => {
        superseded = true;
        this.supersededCount += 1;
        reject(
          new RpcFailure(
            rpcError('SUPERSEDED', "A newer frame request from this client took this one's place.", 'None needed.'),
          ),
        );
      },
    };
    this.waitingFrame = ticket;
    const dropped = new Promise<never>((_, r) => {
      reject = r;
    });
    const run = this.serial(async () => {
      if (this.waitingFrame === ticket) this.waitingFrame = null;
      if (superseded) return undefined as T; // answered already; the decoder never sees it
      return fn();
    });
    return Promise.race([run, dropped]);
  }

  /** Frame requests answered SUPERSEDED so far. */
  get superseded(): number {
    return this.supersededCount;
  }

  /** The open Session; throws CLOSED when there is none. */
  current(): FrameSource {
    if (this.session === null || this.session.closed) {
      throw new RpcFailure(rpcError('CLOSED', 'No file is open.'));
    }
    return this.session;
  }

  /** What the open Session holds of the memory budget (its frame steps are charged beside it); null when none. */
  heldCharge(): Charge | null {
    return this.session === null || this.session.closed ? null : this.charge;
  }

  /** Keeps the new Session (and its charge on the memory budget); the one it replaces is torn down once the new file
   * has answered a frame. */
  replace(next: FrameSource, file: string, charge: Charge | null = null): void {
    this.retire();
    this.operatorDeviceError = null;
    this.session = next;
    this.charge = charge;
    this.visited = new Map();
    this.update({ lastFile: file, lastFrame: null });
  }

  /**
   * Notes the frame the client looks at, and the report it was shown (captures save what was seen). The state
   * listener hears of frame steps at most once every STATE_DELAY_MS (the last of a burst at the end of it); of a new
   * or closed file at once.
   */
  viewed(frame: number, report?: FrameReport): void {
    this.endRetiring();
    if (report !== undefined) this.visited.set(frame, report);
    const next = { lastFile: this.state.lastFile, lastFrame: frame };
    // A step after a pause is told at once; steps closer together wait for the end of the interval.
    if (this.stateTimer === null) {
      this.update(next);
      this.stateTimer = setTimeout(() => this.endInterval(), STATE_DELAY_MS);
      this.stateTimer.unref();
      return;
    }
    this.state = next;
    this.stateOwed = true;
  }

  private endInterval(): void {
    this.stateTimer = null;
    if (!this.stateOwed) return;
    this.stateOwed = false;
    this.viewed(this.state.lastFrame ?? 0);
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

  /** The settings this client chose for itself, over the defaults (serve mode; empty elsewhere). */
  ownSettings(): ClientSettingsPatch {
    return { ...this.own };
  }

  /** Keeps this client's choices; the state listener hears of them, so a restarted backend can give them back. */
  choose(patch: ClientSettingsPatch): void {
    this.own = { ...this.own, ...patch };
    this.onState(this.snapshot());
  }

  /**
   * Notes that the open file was opened without the operator device the client asked for, because the driver does
   * not list it: its previews are refused with this error until another file is opened. Null clears it.
   */
  setOperatorDeviceError(error: RpcError | null): void {
    this.operatorDeviceError = error;
  }

  /** Why the open file's operator previews cannot run, when its operator device does not exist; else null. */
  operatorDeviceMissing(): RpcError | null {
    return this.operatorDeviceError;
  }

  /** Switches the open file's copy ledger (a video's; a capture has none); false when there was none to switch. */
  switchLedger(on: boolean): boolean {
    if (this.session === null || this.session.closed || this.session.setLedger === undefined) return false;
    this.session.setLedger(on);
    return true;
  }

  /** Closes the Session; returns whether one was open. */
  close(): boolean {
    const had = this.closeSession();
    this.operatorDeviceError = null;
    this.visited = new Map();
    this.update({ lastFile: null, lastFrame: null });
    return had;
  }

  /** Closes at once (and any Session set aside); the decoder is destroyed on a worker thread (NVDEC's teardown is
   * slow: docs/benchmarks.md), so the backend goes on answering meanwhile. */
  private closeSession(): boolean {
    this.endRetiring();
    const had = this.session !== null && !this.session.closed;
    this.session?.close({ background: true });
    this.session = null;
    this.charge?.release();
    this.charge = null;
    return had;
  }

  /**
   * Sets the open Session aside to be torn down after the new file's first frame answer (or RETIRE_DELAY_MS): the
   * teardown, on a worker thread, otherwise runs beside the new file's first decode and slows it (docs/benchmarks.md,
   * "Where a second open goes"). At most one waits; an older one is torn down at once.
   */
  private retire(): void {
    this.endRetiring();
    if (this.session === null || this.session.closed) {
      this.session = null;
      this.charge?.release();
      this.charge = null;
      return;
    }
    this.retiring = this.session;
    this.retiringCharge = this.charge;
    this.session = null;
    this.charge = null;
    this.retireTimer = setTimeout(() => this.endRetiring(), RETIRE_DELAY_MS);
    this.retireTimer.unref();
  }

  /** Tears down the Session set aside, if any. */
  private endRetiring(): void {
    if (this.retireTimer !== null) clearTimeout(this.retireTimer);
    this.retireTimer = null;
    this.retiring?.close({ background: true });
    this.retiring = null;
    this.retiringCharge?.release();
    this.retiringCharge = null;
  }

  private update(next: ClientState): void {
    this.stateOwed = false;
    this.state = next;
    this.onState(this.snapshot());
  }
}
