/**
 * The pool the decoder A/B of a scan runs on: the software reference decodes on the CPU, so a scan runs at most as
 * many comparisons at once as the cores its decoders leave free, and a file's decoder is free for the next file as
 * soon as its frames are scanned, its comparison waiting here for a free slot instead.
 */

/** The most comparisons at once: each holds a thread of the addon's pool while it decodes. */
export const MAX_COMPARE_JOBS = 32;

/** Comparisons at once when the user does not say: the cores minus one for each decoder, at least one. */
export function defaultCompareJobs(cores: number, decoders: number): number {
  return Math.min(MAX_COMPARE_JOBS, Math.max(1, cores - decoders));
}

/** Runs tasks with at most `size` of them at once, the rest waiting in the order they came. */
export class ComparePool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly roomWaiters: { limit: number; resolve: () => void }[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`a compare pool needs a size of 1 or more, not ${size}`);
  }

  /** Tasks given and not yet finished (running or waiting for a slot). */
  get pending(): number {
    return this.running + this.waiting.length;
  }

  /** Runs task once a slot is free; resolves or rejects as it does. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so that no task started later overtakes it.
      if (next !== undefined) next();
      else this.running -= 1;
      this.wake();
    }
  }

  /** Resolves once fewer than limit tasks are pending: a caller that gives tasks faster than they run waits here. */
  async room(limit: number): Promise<void> {
    if (this.pending < limit) return;
    await new Promise<void>((resolve) => this.roomWaiters.push({ limit, resolve }));
  }

  private wake(): void {
    for (let i = this.roomWaiters.length - 1; i >= 0; i -= 1) {
      const waiter = this.roomWaiters[i];
      if (waiter !== undefined && this.pending < waiter.limit) {
        this.roomWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }
}
