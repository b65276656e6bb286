import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BINARY_FRAME_MAGIC, decodeWireMessage, encodeWireMessage, WireFrameError } from '../../contract/wire-frame';

const answer = () => ({
  kind: 'response',
  id: 4,
  ok: true,
  result: {
    report: { frameIndex: 13, planes: [{ pitch: 2048 }] },
    thumbnails: [
      { plane: 0, name: 'Y', width: 2, height: 1, data: Uint8Array.of(1, 2) },
      { plane: 1, name: 'UV', width: 1, height: 1, data: Uint8Array.of(3) },
    ],
    preview: { thumbnail: { width: 1, height: 1, rgb: Uint8Array.of(250, 251, 252) }, reference: null },
  },
});

describe('wire frames', () => {
  it('leave a message without bytes as JSON text', () => {
    const message = { kind: 'response', id: 1, ok: true, result: { a: [1, 'x', null] } };
    const encoded = encodeWireMessage(message);
    expect(encoded).toBe(JSON.stringify(message));
    expect(decodeWireMessage(encoded as string)).toEqual(message);
  });

  it('carry byte arrays as they are, once, after a small header, and hand back views', () => {
    const encoded = encodeWireMessage(answer());
    if (typeof encoded === 'string') throw new Error('expected a binary frame');
    expect(new TextDecoder().decode(encoded.subarray(0, 4))).toBe(BINARY_FRAME_MAGIC);
    const header = new DataView(encoded.buffer).getUint32(4, true);
    // Everything after the header is the six bytes themselves, in order: no base64, no JSON around them.
    expect(Array.from(encoded.subarray(8 + header))).toEqual([1, 2, 3, 250, 251, 252]);
    const decoded = decodeWireMessage(encoded.buffer as ArrayBuffer) as ReturnType<typeof answer>;
    expect(decoded).toEqual(answer());
    expect(decoded.result.thumbnails[0]?.data).toBeInstanceOf(Uint8Array);
    expect(decoded.result.thumbnails[0]?.data.buffer).toBe(encoded.buffer);
  });

  it('take a Node Buffer or a view into a larger buffer by its own bytes only', () => {
    const backing = Uint8Array.of(9, 9, 7, 8, 9);
    const encoded = encodeWireMessage({ a: backing.subarray(2, 4), b: Buffer.from([5, 6]) });
    expect(decodeWireMessage(encoded as Uint8Array)).toEqual({ a: Uint8Array.of(7, 8), b: Uint8Array.of(5, 6) });
  });

  it('refuse malformed frames with WireFrameError, never a crash or a wrong answer', () => {
    const good = encodeWireMessage(answer()) as Uint8Array;
    const header = new DataView(good.buffer).getUint32(4, true);
    const bad: [string, Uint8Array][] = [
      ['empty', new Uint8Array()],
      ['wrong magic', Uint8Array.from([...good].map((b, i) => (i === 0 ? 0x58 : b)))],
      ['truncated inside the bytes', good.subarray(0, good.length - 1)],
      ['extra bytes', Uint8Array.from([...good, 0])],
      [
        'header past the end',
        (() => {
          const copy = Uint8Array.from(good);
          new DataView(copy.buffer).setUint32(4, good.length, true);
          return copy;
        })(),
      ],
      [
        'header not JSON',
        Uint8Array.from([...good.subarray(0, 8), ...Array<number>(header).fill(0x7b), ...good.subarray(8 + header)]),
      ],
    ];
    for (const [what, frame] of bad) expect(() => decodeWireMessage(frame), what).toThrow(WireFrameError);
    expect(() => decodeWireMessage('{not json')).toThrow(WireFrameError);
    const missing = new TextEncoder().encode('{"blobs":[],"message":{"data":{"$bytes":0}}}');
    const frame = new Uint8Array(8 + missing.length);
    frame.set(new TextEncoder().encode(BINARY_FRAME_MAGIC));
    new DataView(frame.buffer).setUint32(4, missing.length, true);
    frame.set(missing, 8);
    expect(() => decodeWireMessage(frame)).toThrow(/byte array 0 is not in the frame/);
  });

  it('round-trip any JSON value with byte arrays anywhere in it', () => {
    const bytes = fc.uint8Array({ maxLength: 64 });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), bytes),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(
          fc.string().filter((k) => k !== '$bytes' && k !== '__proto__'),
          tie('node'),
          { maxKeys: 4 },
        ),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(decodeWireMessage(encodeWireMessage(v))).toEqual(v);
      }),
      { numRuns: 300 },
    );
  });
});
