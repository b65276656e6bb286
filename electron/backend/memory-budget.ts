/**
 * The backend's memory, owned: every client's held frames, decoded capture pictures and answers being built are
 * charged here before the work, and a charge that would pass the budget is refused with MEMORY_BUDGET_EXCEEDED.
 */
import { mibWords } from '../../wording/byte-words';
import { RpcFailure, rpcError } from '../../contract/envelope';

/** What one charge holds until it is released. */
export interface Charge {
  readonly bytes: number;
  readonly what: string;
  /**
   * Sets the charge to what was measured or known since: less gives bytes back, more is charged like a new charge
   * (MEMORY_BUDGET_EXCEEDED, the charge unchanged, when it does not fit). Nothing happens once released.
   */
  resize(bytes: number, what: string): void;
  /**
   * Sets the charge to memory measured as held already: even past the budget, which every next charge then sees (the
   * backend cannot give back what a decoder has taken; it refuses the next step instead). Nothing happens once
   * released.
   */
  hold(bytes: number, what: string): void;
  /** Gives the bytes back; a second call does nothing. */
  release(): void;
}

/** What a refusal advises unless the charge says otherwise. */
const DEFAULT_REMEDY =
  'Close files or captures in other windows, or ask for less. Whoever starts the app can raise the budget (serve mode: --memory-budget).';

/** One budget for the whole backend process, shared by every client. */
export class MemoryBudget {
  private used = 0;
  private readonly charges = new Set<Charge>();

  constructor(readonly limitBytes: number) {}

  /** Bytes charged now. */
  get usedBytes(): number {
    return this.used;
  }

  /**
   * Charges bytes for something, or throws MEMORY_BUDGET_EXCEEDED naming the budget when they do not fit, with the
   * remedy given (default: close files elsewhere, ask for less, or raise the budget where the app starts).
   */
  charge(bytes: number, what: string, remedy: string = DEFAULT_REMEDY): Charge {
    this.admit(bytes, 0, what, remedy);
    this.used += bytes;
    let released = false;
    let held = bytes;
    let words = what;
    const charge: Charge = {
      get bytes() {
        return held;
      },
      get what() {
        return words;
      },
      resize: (next, nextWhat) => {
        if (released) return;
        this.admit(next, held, nextWhat, remedy);
        this.used += next - held;
        held = next;
        words = nextWhat;
      },
      hold: (next, nextWhat) => {
        if (released) return;
        if (!Number.isSafeInteger(next) || next < 0) throw new RangeError(`a charge must be whole bytes, not ${next}`);
        this.used += next - held;
        held = next;
        words = nextWhat;
      },
      release: () => {
        if (released) return;
        released = true;
        this.used -= held;
        this.charges.delete(charge);
      },
    };
    this.charges.add(charge);
    return charge;
  }

  /** Throws MEMORY_BUDGET_EXCEEDED when bytes, in place of bytes already charged (held), do not fit. */
  private admit(bytes: number, held: number, what: string, remedy: string): void {
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`a charge must be whole bytes, not ${bytes}`);
    if (this.used - held + bytes <= this.limitBytes) return;
    const left = this.limitBytes - this.used + held;
    // A file's measured memory can pass the budget (Charge.hold): then nothing is left, and the words say by how much.
    const room = left >= 0 ? `has ${mibWords(left)} left` : `is passed by ${mibWords(-left)} already, measured`;
    throw new RpcFailure(
      rpcError(
        'MEMORY_BUDGET_EXCEEDED',
        `${what} needs ${mibWords(bytes)}; the backend's memory budget of ${mibWords(this.limitBytes)} ${room} (${this.charges.size} charge(s) held by the open sessions and answers).`,
        remedy,
      ),
    );
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
