/** Starts the backend as an Electron utilityProcess, as a ChildHandle the Supervisor can watch. */
import { utilityProcess, type MessagePortMain } from 'electron';
import { isChildMessage } from '../supervisor/protocol';
import type { ChildHandle, SpawnChild } from '../supervisor/supervisor';
import { BACKEND_ALLOCATOR_ENV } from '../supervisor/memory-watch';

/** A SpawnChild that forks the backend entry in a utility process. */
export function utilitySpawner(entry: string, env: Record<string, string>): SpawnChild {
  return (): ChildHandle => {
    const child = utilityProcess.fork(entry, [], {
      serviceName: 'Zero-Copy Inspector backend',
      env: { ...process.env, ...BACKEND_ALLOCATOR_ENV, ...env },
      stdio: 'inherit',
    });
    return {
      get pid() {
        return child.pid;
      },
      send: (message, transfer) => child.postMessage(message, (transfer ?? []) as MessagePortMain[]),
      onMessage: (listener) => child.on('message', (message: unknown) => isChildMessage(message) && listener(message)),
      onExit: (listener) => child.on('exit', (code) => listener(code, null)),
      kill: () => void child.kill(),
    };
  };
}
