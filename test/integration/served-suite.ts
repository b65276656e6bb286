/**
 * Serve mode for one describe block of store and client tests: a server shared by the block, and the connections
 * and servers of each test closed after it. Register it inside the block: it adds the block's hooks.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connect, startServe, type Connected, type Served } from '../support/live/served-client';

/** What a block's tests reach serve mode with. */
export interface ServedSuite {
  /** The server the block shares. */
  served(): Served;
  /** A new connection (each is a new client) to the shared server or to another; closed after the test. */
  connect(to?: Served): Promise<Connected>;
  /** A server of the test's own (a fresh config, or a backend the test kills); stopped after the test. */
  ownServer(): Promise<Served>;
}

/** Starts the shared server before the block and stops it after; closes each test's connections and servers. */
export function servedSuite(): ServedSuite {
  let shared: Served | null = null;
  let connections: Connected[] = [];
  let own: Served[] = [];
  beforeAll(async () => {
    shared = await startServe();
  }, 30_000);
  afterAll(async () => {
    await shared?.stop();
  });
  afterEach(async () => {
    for (const { transport } of connections) transport.close();
    connections = [];
    await Promise.all(own.map((server) => server.stop()));
    own = [];
  });
  const served = (): Served => {
    if (shared === null) throw new Error('serve mode is not started: call servedSuite() inside a describe block');
    return shared;
  };
  return {
    served,
    connect: async (to) => {
      const connection = await connect(to ?? served());
      connections.push(connection);
      return connection;
    },
    ownServer: async () => {
      const server = await startServe();
      own.push(server);
      return server;
    },
  };
}
