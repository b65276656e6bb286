/**
 * Latest wins: at most one request runs at a time; while it runs, only the newest request waits behind it, and
 * every older waiting one is dropped before it is sent. Holding a key therefore never builds a queue.
 */
export class LatestOnly<K> {
  private waiting: { key: K } | null = null;
  private running: Promise<void> | null = null;
  private sent = 0;
  private dropped = 0;

  constructor(private readonly send: (key: K) => Promise<void>) {}

  /** Asks for key; resolves once every request asked so far has been answered or dropped. */
  request(key: K): Promise<void> {
    if (this.waiting !== null) this.dropped += 1;
    this.waiting = { key };
    this.running ??= this.pump().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Requests sent, and requests dropped because a newer one took their place. */
  counts(): { sent: number; dropped: number } {
    return { sent: this.sent, dropped: this.dropped };
  }

  private async pump(): Promise<void> {
    while (this.waiting !== null) {
      const { key } = this.waiting;
      this.waiting = null;
      this.sent += 1;
      await this.send(key);
    }
  }
}
