/** The clients and persistences a handler test made: closed and flushed after each test. */

/** What a test opens: a client session that closes, a persistence that writes out. */
interface Closable {
  close(): unknown;
}
interface Flushable {
  flush(): Promise<void>;
}

/** A list of what a test opened, released in afterEach. */
export class OpenedSessions {
  private opened: { client: Closable; persistence: Flushable }[] = [];

  /** Notes a client and its persistence for release. */
  track(client: Closable, persistence: Flushable): void {
    this.opened.push({ client, persistence });
  }

  /** Closes every client's file and writes out every persistence, then forgets them. */
  async release(): Promise<void> {
    for (const { client, persistence } of this.opened) {
      client.close();
      await persistence.flush();
    }
    this.opened = [];
  }
}
