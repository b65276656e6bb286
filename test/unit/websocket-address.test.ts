/** The renderer's WebSocket address, built from the page's own. */
import { describe, expect, it } from 'vitest';
import { rpcUrl } from '../../renderer/src/rpc/websocket-transport';

describe('the WebSocket address', () => {
  it('is built from the page', () => {
    expect(rpcUrl({ protocol: 'http:', host: '127.0.0.1:8710' })).toBe('ws://127.0.0.1:8710/rpc');
    expect(rpcUrl({ protocol: 'https:', host: 'x' })).toBe('wss://x/rpc');
  });
});
