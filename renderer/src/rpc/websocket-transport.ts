/** The serve-mode carrier: a WebSocket to /rpc on the page's own origin (the token travels as a cookie). */
import type { Transport } from './transport';

/** The WebSocket URL for a page location. */
export function rpcUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/rpc`;
}

/** Opens the socket; resolves once it is open. */
export function openWebSocket(url: string): Promise<Transport> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.binaryType = 'arraybuffer';
    let closeListener: (reason: string) => void = () => undefined;
    socket.addEventListener('open', () =>
      resolve({
        send: (data) => socket.send(data),
        onMessage: (listener) =>
          socket.addEventListener('message', (event: MessageEvent<unknown>) => {
            if (typeof event.data === 'string' || event.data instanceof ArrayBuffer) listener(event.data);
          }),
        onClose: (listener) => {
          closeListener = listener;
        },
        close: () => socket.close(),
      }),
    );
    socket.addEventListener('error', () => reject(new Error('could not connect to the backend')));
    socket.addEventListener('close', (event) => closeListener(event.reason || `code ${event.code}`));
  });
}
