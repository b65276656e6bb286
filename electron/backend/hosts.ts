/** How the backend talks to its parent: Electron's parentPort with one MessagePort per window, or fork's IPC. */
import type { ChildMessage, ControlMessage, ParentMessage } from '../supervisor/protocol';
import type { BackendServer, Channel } from './backend-server';

/** The subset of Electron's MessagePortMain the backend uses. */
interface PortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  on(event: 'close', listener: () => void): void;
  postMessage(message: unknown): void;
  start(): void;
}

/** The subset of Electron's process.parentPort the backend uses. */
interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown; ports: PortLike[] }) => void): void;
  postMessage(message: unknown): void;
}

/** Sends a message to the parent, whichever kind it is. */
export type PostToParent = (message: ChildMessage) => void;

/** Serves clients that arrive as MessagePorts (Electron utilityProcess). */
export function serveOverParentPort(
  parentPort: ParentPortLike,
  server: BackendServer,
  control: (message: ControlMessage) => void,
): PostToParent {
  parentPort.on('message', ({ data, ports }) => {
    const message = data as ParentMessage;
    if (message.type === 'allowPath' || message.type === 'setLibraryPath') control(message);
    const port = ports[0];
    if (message.type === 'attach' && port !== undefined)
      server.attach(message.clientId, portChannel(port), message.restarted);
    if (message.type === 'detach') server.detach(message.clientId);
  });
  return (message) => parentPort.postMessage(message);
}

function portChannel(port: PortLike): Channel {
  const channel: Channel = {
    send: (data) => port.postMessage(data),
    onMessage: (listener) => port.on('message', ({ data }) => typeof data === 'string' && listener(data)),
    onClose: (listener) => port.on('close', listener),
  };
  port.start();
  return channel;
}

/** Serves clients multiplexed over child_process IPC (serve mode). */
export function serveOverIpc(proc: NodeJS.Process, server: BackendServer): PostToParent {
  const post: PostToParent = (message) => {
    if (proc.connected) proc.send?.(message);
  };
  const listeners = new Map<string, { message: ((data: string) => void)[]; close: (() => void)[] }>();
  proc.on('message', (raw: unknown) => {
    const message = raw as ParentMessage;
    if (message.type === 'attach') {
      const slot = { message: [] as ((data: string) => void)[], close: [] as (() => void)[] };
      listeners.set(message.clientId, slot);
      const clientId = message.clientId;
      server.attach(
        clientId,
        {
          send: (data) => post({ type: 'message', clientId, data }),
          onMessage: (listener) => slot.message.push(listener),
          onClose: (listener) => slot.close.push(listener),
        },
        message.restarted,
      );
    } else if (message.type === 'message') {
      listeners.get(message.clientId)?.message.forEach((listener) => listener(message.data));
    } else if (message.type === 'detach') {
      listeners.get(message.clientId)?.close.forEach((listener) => listener());
      listeners.delete(message.clientId);
    }
  });
  proc.on('disconnect', () => process.exit(0));
  return post;
}
