/**
 * The launcher's children (Electron or serve mode) run with the launcher's stop signals forwarded to them, and the
 * launcher ends only after its child has: a SIGTERM to `npm start` leaves no serve mode or backend behind.
 */
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';

/** The signals the launcher passes on to its child (^C, kill, a closed terminal). */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How long a child may take to end after a forwarded signal before it is killed outright; serve mode itself gives
 * its backend 5 s. */
const CHILD_STOP_MS = 10_000;

/** How a child ended. */
export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The error that kept it from starting (then code and signal are null). */
  error: Error | null;
  /** True when the launcher forwarded a stop signal to it: the user asked everything to stop. */
  stopAsked: boolean;
}

/** Resolves once CHILD has ended, forwarding the launcher's stop signals to it meanwhile. */
export function runChild(child: ChildProcess): Promise<ChildEnd> {
  return new Promise((resolve) => {
    let stopAsked = false;
    let killTimer: ReturnType<typeof setTimeout> | null = null;
    const forward = (signal: NodeJS.Signals): void => {
      stopAsked = true;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      killTimer ??= setTimeout(() => child.kill('SIGKILL'), CHILD_STOP_MS);
    };
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
    const done = (end: Omit<ChildEnd, 'stopAsked'>): void => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      if (killTimer !== null) clearTimeout(killTimer);
      resolve({ ...end, stopAsked });
    };
    child.once('exit', (code, signal) => done({ code, signal, error: null }));
    child.once('error', (error) => {
      // A child that never started sends no exit; one that did may, and its exit is the one that counts.
      if (child.pid === undefined) done({ code: null, signal: null, error });
    });
  });
}

/** Ends the launcher as its child ended: the same exit code, or the same stop signal (raised again, unhandled). */
export function endAsChild(end: ChildEnd): void {
  const { signal } = end;
  // Raised again only for the stop signals, which end a process without a core dump; the rest exit as a shell says.
  if (signal !== null && (FORWARDED_SIGNALS as readonly string[]).includes(signal)) process.kill(process.pid, signal);
  if (signal !== null) process.exit(128 + (constants.signals[signal] ?? 0));
  process.exit(end.code ?? 1);
}
