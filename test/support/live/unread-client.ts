/**
 * A client of the real serve mode that stops reading its socket: its answers stay in the kernel's buffers and in
 * serve mode's, and it keeps each answer in the order it arrived once it reads again.
 */
import type { WebSocket } from 'ws';
import { decodeWireMessage } from '../../../contract/wire-frame';
import { openSocket, type Served } from './serve';

/** One answer as it arrived. */
export interface Arrived {
  id: number;
  ok: boolean;
  /** The error's code, when it is an error. */
  code: string | null;
  message: string | null;
}

/** A client that does not read until told to. */
export interface UnreadClient {
  socket: WebSocket;
  /** Answers in the order they arrived (none arrive before read()). */
  arrived: Arrived[];
  /** Whether serve mode closed the connection, and with which code. */
  closedWith(): number | null;
  /** Sends one request without reading anything. */
  send(id: number, method: string, params: unknown): void;
  /** Reads again, and resolves once every id has its answer; rejects after timeoutMs, naming the missing ones. */
  read(ids: readonly number[], timeoutMs: number): Promise<void>;
}

/** Opens a client and stops reading its socket before it sends anything. */
export async function unreadClient(served: Served): Promise<UnreadClient> {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`a client was refused with ${opened.status}`);
  const { socket } = opened;
  socket.pause();
  const arrived: Arrived[] = [];
  let closed: number | null = null;
  const waiters: (() => void)[] = [];
  socket.on('close', (code: number) => {
    closed = code;
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const message = decodeWireMessage(isBinary ? data : data.toString()) as Record<string, unknown>;
    if (message.kind !== 'response') return;
    const error = message.error as { code?: string; message?: string } | undefined;
    arrived.push({
      id: Number(message.id),
      ok: message.ok === true,
      code: error?.code ?? null,
      message: error?.message ?? null,
    });
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    socket,
    arrived,
    closedWith: () => closed,
    send: (id, method, params) => socket.send(JSON.stringify({ kind: 'request', id, method, params })),
    read: async (ids, timeoutMs) => {
      socket.resume();
      const deadline = Date.now() + timeoutMs;
      const missing = (): number[] => {
        const seen = new Set(arrived.map((a) => a.id));
        return ids.filter((id) => !seen.has(id));
      };
      while (missing().length > 0) {
        if (closed !== null) throw new Error(`closed with ${closed}; no answer to ${missing().length} requests`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no answer to ${missing().length} requests: ${missing().slice(0, 8).join(', ')}…`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 1_000));
        });
      }
    },
  };
}

/** What a client that did not read was answered, in the order the answers came. */
export interface HeldAnswers {
  /** Answers served (not BUSY), and of them those written after the first BUSY. */
  served: number;
  servedAfterBusy: number;
  busy: Arrived[];
  /** Answers other than ok and BUSY. */
  otherErrors: Arrived[];
}

/** Splits the answers to the given ids into served and BUSY, and counts those served after the first BUSY. */
export function heldAnswers(arrived: readonly Arrived[], ids: readonly number[]): HeldAnswers {
  const wanted = new Set(ids);
  const mine = arrived.filter((a) => wanted.has(a.id));
  const firstBusy = mine.findIndex((a) => a.code === 'BUSY');
  const servedHere = (a: Arrived): boolean => a.code !== 'BUSY';
  return {
    served: mine.filter(servedHere).length,
    servedAfterBusy: firstBusy < 0 ? 0 : mine.slice(firstBusy).filter(servedHere).length,
    busy: mine.filter((a) => a.code === 'BUSY'),
    otherErrors: mine.filter((a) => !a.ok && a.code !== 'BUSY'),
  };
}
