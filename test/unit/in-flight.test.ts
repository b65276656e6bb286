import { describe, expect, it } from 'vitest';
import { encodeWireMessage } from '../../contract/wire-frame';
import { rpcError } from '../../contract/envelope';
import { InFlight, requestHead, requestId, responseId } from '../../electron/serve/in-flight';

const request = (id: unknown) =>
  JSON.stringify({ kind: 'request', id, method: 'show', params: { target: { index: 1 } } });

describe('the requests serve mode holds for the backend', () => {
  it('reads ids from requests, and from answers in text and in binary frames, never from events', () => {
    expect(requestId(request(42))).toBe(42);
    expect(requestId(request('x'))).toBeNull();
    expect(requestId('{not json')).toBeNull();
    expect(responseId(encodeWireMessage({ kind: 'response', id: 7, ok: true, result: { n: 1 } }))).toBe(7);
    const binary = encodeWireMessage({ kind: 'response', id: 9, ok: true, result: { bytes: new Uint8Array(64) } });
    expect(binary).toBeInstanceOf(Uint8Array);
    expect(responseId(binary)).toBe(9);
    expect(responseId(encodeWireMessage({ kind: 'event', event: 'progress', payload: { id: 3 } }))).toBeNull();
    expect(responseId(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBeNull();
  });

  it('answers every request still waiting with BACKEND_RESTARTED, once, and none that was answered', () => {
    const flight = new InFlight();
    flight.sent('a', request(1));
    flight.sent('a', request(2));
    flight.sent('b', request(1));
    flight.answered('a', encodeWireMessage({ kind: 'response', id: 2, ok: true, result: null }));
    expect(flight.count('a')).toBe(1);
    const owed = flight.fail('the decoder process stopped (signal SIGKILL)');
    expect(owed.map((o) => [o.clientId, o.answer.id])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    expect(owed[0]?.answer).toMatchObject({
      ok: false,
      error: { code: 'BACKEND_RESTARTED', message: expect.stringContaining('signal SIGKILL') },
    });
    expect(flight.fail('again')).toEqual([]);
  });

  it('reads the method and the file a request names', () => {
    const open = JSON.stringify({ kind: 'request', id: 3, method: 'open', params: { path: 'a.mp4' } });
    expect(requestHead(open)).toEqual({ id: 3, method: 'open', path: 'a.mp4' });
    expect(requestHead(request(4))).toEqual({ id: 4, method: 'show', path: null });
  });

  it('names the request waiting longest, and answers it with its own error when the backend is killed for it', () => {
    const flight = new InFlight();
    expect(flight.oldest()).toBeNull();
    flight.sent('a', request(1));
    flight.sent('b', JSON.stringify({ kind: 'request', id: 5, method: 'open', params: { path: '/v/big.mp4' } }));
    flight.sent('a', request(2));
    flight.answered('a', encodeWireMessage({ kind: 'response', id: 1, ok: true, result: null }));
    expect(flight.oldest()).toEqual({ clientId: 'b', id: 5, path: '/v/big.mp4' });
    const error = rpcError('MEMORY_BUDGET_EXCEEDED', 'killed for it');
    const owed = flight.fail('the decoder process passed its memory limit', { clientId: 'b', id: 5, error });
    expect(owed).toEqual([
      {
        clientId: 'a',
        answer: expect.objectContaining({ id: 2, error: expect.objectContaining({ code: 'BACKEND_RESTARTED' }) }),
      },
      { clientId: 'b', answer: { kind: 'response', id: 5, ok: false, error } },
    ]);
    expect(flight.oldest()).toBeNull();
  });
});
