/** Starts the backend with child_process.fork, as a ChildHandle the Supervisor can watch. */
import { fork } from 'node:child_process';
import type { ChildHandle, SpawnChild } from '../supervisor/supervisor';
import { isChildMessage } from '../supervisor/protocol';
import { BACKEND_ALLOCATOR_ENV } from '../supervisor/memory-watch';

/** A SpawnChild that forks the built backend entry with extra environment variables. The channel uses V8's
 * serialisation, so a binary answer (wire-frame.ts) crosses as bytes, not as JSON of a string. */
export function forkSpawner(entry: string, env: Record<string, string>): SpawnChild {
  return (): ChildHandle => {
    const child = fork(entry, [], {
      env: { ...process.env, ...BACKEND_ALLOCATOR_ENV, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    // A spawn that fails, or a channel that breaks, is an 'error' event; unheard, it would end serve mode. The exit
    // that follows is what restarts the backend and answers the requests it held.
    child.on('error', (error) =>
      process.stderr.write(`backend process ${child.pid ?? '(not started)'}: ${error.message}\n`),
    );
    return {
      pid: child.pid,
      send: (message) => {
        // A backend that died a moment ago still looks connected until its exit is seen: the write fails (EPIPE),
        // and the message is dropped. Its client is answered when the exit is seen (server.ts, 'exited').
        if (child.connected) child.send(message, undefined, {}, () => undefined);
      },
      onMessage: (listener) => child.on('message', (message) => isChildMessage(message) && listener(message)),
      onExit: (listener) => child.on('exit', (code, signal) => listener(code, signal)),
      kill: (signal) => child.kill(signal),
    };
  };
}
