import { describe, expect, it, vi } from 'vitest';
import { RpcClient } from '../../renderer/src/rpc/client';
import type { Transport } from '../../renderer/src/rpc/transport';
import { rpcUrl } from '../../renderer/src/rpc/websocket-transport';

class FakeTransport implements Transport {
  sent: { id: number; method: string; params: unknown }[] = [];
  private listener: (data: string) => void = () => undefined;
  private closeListener: (reason: string) => void = () => undefined;
  send(data: string): void {
    this.sent.push(JSON.parse(data) as { id: number; method: string; params: unknown });
  }
  onMessage(listener: (data: string) => void): void {
    this.listener = listener;
  }
  onClose(listener: (reason: string) => void): void {
    this.closeListener = listener;
  }
  close(): void {}
  deliver(message: unknown): void {
    this.listener(JSON.stringify(message));
  }
  drop(): void {
    this.closeListener('gone');
  }
}

function connected(): { client: RpcClient; transport: FakeTransport } {
  const client = new RpcClient();
  const transport = new FakeTransport();
  client.attach(transport);
  return { client, transport };
}

describe('RpcClient', () => {
  it('matches responses to calls by id', async () => {
    const { client, transport } = connected();
    const first = client.call('samplePath', {});
    const second = client.call('listRecent', {});
    const [a, b] = transport.sent;
    transport.deliver({ kind: 'response', id: b?.id, ok: true, result: [] });
    transport.deliver({ kind: 'response', id: a?.id, ok: true, result: { path: '/s.mp4' } });
    await expect(first).resolves.toEqual({ path: '/s.mp4' });
    await expect(second).resolves.toEqual([]);
    expect(a).toMatchObject({ method: 'samplePath', params: {} });
  });

  it('rejects with the error envelope', async () => {
    const { client, transport } = connected();
    const call = client.call('frame', { index: 9 });
    transport.deliver({
      kind: 'response',
      id: transport.sent[0]?.id,
      ok: false,
      error: { code: 'FRAME_OUT_OF_RANGE', message: 'm', remedy: 'r' },
    });
    await expect(call).rejects.toMatchObject({ code: 'FRAME_OUT_OF_RANGE', remedy: 'r' });
  });

  it('delivers events and fails calls in flight when the backend restarts', async () => {
    const { client, transport } = connected();
    const listener = vi.fn();
    client.on('backendRestarted', listener);
    const call = client.call('frame', { index: 1 });
    const payload = { reason: 'x', exitCode: null, signal: 'SIGKILL', restarts: 1, lastFile: '/v', lastFrame: 3 };
    transport.deliver({ kind: 'event', event: 'backendRestarted', payload });
    await expect(call).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(listener).toHaveBeenCalledWith(payload);
  });

  it('fails calls when the carrier closes and ignores junk', async () => {
    const { client, transport } = connected();
    const call = client.call('close', {});
    transport.deliver('not an object');
    transport.drop();
    await expect(call).rejects.toMatchObject({ code: 'INTERNAL' });
    await expect(client.call('close', {})).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('builds the WebSocket address from the page', () => {
    expect(rpcUrl({ protocol: 'http:', host: '127.0.0.1:8710' })).toBe('ws://127.0.0.1:8710/rpc');
    expect(rpcUrl({ protocol: 'https:', host: 'x' })).toBe('wss://x/rpc');
  });
});
