/**
 * The backend's memory, owned: every client's held frames, decoded capture pictures and answers being built are
 * charged here before the work, and a charge that would pass the budget is refused with MEMORY_BUDGET_EXCEEDED.
 */
import { mibWords } from '../../contract/budgets';
import { RpcFailure, rpcError } from '../../contract/envelope';

/** What one charge holds until it is released. */
export interface Charge {
  readonly bytes: number;
  readonly what: string;
  /** Gives the bytes back; a second call does nothing. */
  release(): void;
}

/** One budget for the whole backend process, shared by every client. */
export class MemoryBudget {
  private used = 0;
  private readonly charges = new Set<Charge>();

  constructor(readonly limitBytes: number) {}

  /** Bytes charged now. */
  get usedBytes(): number {
    return this.used;
  }

  /** Charges bytes for something, or throws MEMORY_BUDGET_EXCEEDED naming the budget when they do not fit. */
  charge(bytes: number, what: string): Charge {
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`a charge must be whole bytes, not ${bytes}`);
    if (this.used + bytes > this.limitBytes)
      throw new RpcFailure(
        rpcError(
          'MEMORY_BUDGET_EXCEEDED',
          `${what} needs ${mibWords(bytes)}; the backend's memory budget of ${mibWords(this.limitBytes)} has ${mibWords(this.limitBytes - this.used)} left (${this.charges.size} charge(s) held by the open sessions and answers).`,
          'Close files or captures in other windows, or ask for less. Whoever starts the app can raise the budget (serve mode: --memory-budget).',
        ),
      );
    this.used += bytes;
    let released = false;
    const charge: Charge = {
      bytes,
      what,
      release: () => {
        if (released) return;
        released = true;
        this.used -= bytes;
        this.charges.delete(charge);
      },
    };
    this.charges.add(charge);
    return charge;
  }

  /** Runs work that builds an answer of a known size, charged until the work ends. */
  async during<T>(bytes: number, what: string, work: () => Promise<T>): Promise<T> {
    const charge = this.charge(bytes, what);
    try {
      return await work();
    } finally {
      charge.release();
    }
  }
}
