/**
 * Binding serve mode's port. A busy default port moves on to the next ones and then to a free one the system picks:
 * the URL (with its token) is printed at every start anyway. A port the user named is a promise (an SSH tunnel, a
 * firewall rule) and is never changed: a failure there is a one-line error with a code and a remedy.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How many ports after a busy default port are tried before the system is asked for a free one. */
export const DEFAULT_PORT_TRIES = 10;

/** Serve mode's exit code when it cannot listen (usage is 2, a backend it gave up on 1). */
export const CANNOT_LISTEN_EXIT = 3;

/** Why serve mode could not listen. */
export type ListenErrorCode = 'PORT_IN_USE' | 'PORT_NOT_PERMITTED' | 'HOST_NOT_AVAILABLE';

/** A port or address serve mode could not listen on, with what to do about it. */
export class ListenError extends Error {
  override readonly name = 'ListenError';

  constructor(
    readonly code: ListenErrorCode,
    message: string,
    readonly remedy: string,
  ) {
    super(message);
  }

  /** The error as one line: code, what happened, what to do. */
  line(): string {
    return `${this.code}: ${this.message}; ${this.remedy}`;
  }
}

/** The port asked for, and whether the user named it (--port) or it is the default. */
export interface PortChoice {
  port: number;
  named: boolean;
}

/** The ports to try in order: a named port (or 0) alone; the default and the ones after it, then any free one. */
function portsToTry(choice: PortChoice): number[] {
  if (choice.named || choice.port === 0) return [choice.port];
  const after = Array.from({ length: DEFAULT_PORT_TRIES }, (_, i) => choice.port + i).filter((port) => port <= 65_535);
  return [...after, 0];
}

function listenOnce(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error): void => reject(error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** The ListenError for a failed listen, or the error itself when it is none of the known ones. */
function listenError(error: unknown, host: string, port: number): unknown {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new ListenError(
        'PORT_IN_USE',
        `port ${port} on ${host} is in use by another process (another inspector?)`,
        'pass --port 0 for a free port or another --port N, or stop the other process',
      );
    case 'EACCES':
      return new ListenError(
        'PORT_NOT_PERMITTED',
        `port ${port} on ${host} needs privileges this process does not have`,
        'pass --port 0 for a free port or a --port from 1024 up',
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ListenError(
        'HOST_NOT_AVAILABLE',
        `--host ${host} is not an address of this machine`,
        'pass one of its addresses, or leave --host out for 127.0.0.1',
      );
    default:
      return error;
  }
}

/**
 * Listens on the first port of portsToTry(choice) that is free; resolves to the port bound. Throws ListenError when
 * the port cannot be had (a named port in use, a port below 1024, a host that is not this machine's).
 */
export async function listenOnPort(server: Server, host: string, choice: PortChoice): Promise<number> {
  const ports = portsToTry(choice);
  for (const [i, port] of ports.entries()) {
    try {
      await listenOnce(server, port, host);
      return (server.address() as AddressInfo).port;
    } catch (error) {
      if (codeOf(error) !== 'EADDRINUSE' || i === ports.length - 1) throw listenError(error, host, port);
    }
  }
  throw new Error('portsToTry gave no port');
}
