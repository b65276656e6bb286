/** Connects the client by the carrier the page has: the preload bridge in Electron, a WebSocket otherwise. */
import type { InspectorBridge } from '../../../contract/bridge';
import { RpcClient } from './client';
import { listenForPorts } from './port-transport';
import { openWebSocket, rpcUrl } from './websocket-transport';

/** The preload bridge, when running in the Electron window. */
export function bridge(): InspectorBridge | null {
  return (window as unknown as { inspector?: InspectorBridge }).inspector ?? null;
}

/** Creates a client and resolves once its first carrier is attached. */
export async function connectClient(): Promise<RpcClient> {
  const client = new RpcClient();
  const electron = bridge();
  if (electron !== null) {
    await new Promise<void>((resolve) =>
      listenForPorts(electron, (transport) => {
        client.attach(transport);
        resolve();
      }),
    );
  } else {
    client.attach(await openWebSocket(rpcUrl(window.location)));
  }
  return client;
}
