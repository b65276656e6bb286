/** The Electron carrier: a MessagePort that the main process brokers, delivered by the preload script. */
import { BACKEND_PORT_MESSAGE, type InspectorBridge } from '../../../contract/bridge';
import type { Transport } from './transport';

/** Wraps a MessagePort. */
function portTransport(port: MessagePort): Transport {
  const transport: Transport = {
    send: (data) => port.postMessage(data),
    onMessage: (listener) => {
      port.onmessage = (event: MessageEvent<unknown>) => {
        if (typeof event.data === 'string' || event.data instanceof Uint8Array) listener(event.data);
      };
    },
    onClose: () => undefined,
    close: () => port.close(),
  };
  return transport;
}

/** Asks for a port and calls back with each port that arrives (a new one after every backend restart). */
export function listenForPorts(bridge: InspectorBridge, onPort: (transport: Transport) => void): void {
  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (event.source !== window || data?.type !== BACKEND_PORT_MESSAGE) return;
    const port = event.ports[0];
    if (port !== undefined) onPort(portTransport(port));
  });
  bridge.connect();
}
