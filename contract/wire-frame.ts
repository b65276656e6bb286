/**
 * How a server message crosses the carrier: JSON text, or, when it carries bytes (thumbnails, previews, memory
 * reads), one binary frame with the bytes as they are: no base64, no second copy of them inside a JSON string.
 *
 * A binary frame is: the 4 ASCII bytes "ZCB1", the header's length (uint32, little-endian), the header (UTF-8
 * JSON: the message with each byte array replaced by {"$bytes": n}, and the lengths of the byte arrays in order),
 * then the byte arrays back to back. The reader hands out views into the frame it received, not copies.
 */

/** The first four bytes of a binary frame. */
export const BINARY_FRAME_MAGIC = 'ZCB1';

const MAGIC = new TextEncoder().encode(BINARY_FRAME_MAGIC);
const PREFIX_BYTES = MAGIC.length + 4;

/** What the header of a binary frame holds. */
interface FrameHeader {
  message: unknown;
  blobs: number[];
}

/** A placeholder for the n-th byte array of the frame. */
interface BytesRef {
  $bytes: number;
}

function isBytesRef(value: unknown): value is BytesRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === '$bytes' && Number.isSafeInteger((value as BytesRef).$bytes);
}

/** Encodes a message: JSON text when it holds no byte array, else one binary frame. */
export function encodeWireMessage(message: unknown): string | Uint8Array {
  const blobs: Uint8Array[] = [];
  // The holder's own value, before toJSON: a Node Buffer (a Uint8Array) would otherwise arrive as {type, data}.
  const text = JSON.stringify(message, function (this: Record<string, unknown>, key: string, value: unknown) {
    const original = this[key];
    if (original instanceof Uint8Array) {
      blobs.push(original);
      return { $bytes: blobs.length - 1 };
    }
    return value;
  });
  if (blobs.length === 0) return text;
  const header = new TextEncoder().encode(
    `{"blobs":${JSON.stringify(blobs.map((b) => b.byteLength))},"message":${text}}`,
  );
  const total = PREFIX_BYTES + header.byteLength + blobs.reduce((sum, b) => sum + b.byteLength, 0);
  const frame = new Uint8Array(total);
  frame.set(MAGIC, 0);
  new DataView(frame.buffer).setUint32(MAGIC.length, header.byteLength, true);
  frame.set(header, PREFIX_BYTES);
  let offset = PREFIX_BYTES + header.byteLength;
  for (const blob of blobs) {
    frame.set(blob, offset);
    offset += blob.byteLength;
  }
  return frame;
}

/** Why a received message could not be read. */
export class WireFrameError extends Error {}

/** Decodes what encodeWireMessage made; throws WireFrameError on anything malformed. */
export function decodeWireMessage(data: string | ArrayBuffer | Uint8Array): unknown {
  if (typeof data === 'string') return parseJson(data);
  const frame = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (frame.byteLength < PREFIX_BYTES || MAGIC.some((byte, i) => frame[i] !== byte)) {
    throw new WireFrameError('binary message without the frame signature');
  }
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const headerBytes = view.getUint32(MAGIC.length, true);
  if (PREFIX_BYTES + headerBytes > frame.byteLength) throw new WireFrameError('frame header runs past the frame');
  const header = parseJson(
    new TextDecoder().decode(frame.subarray(PREFIX_BYTES, PREFIX_BYTES + headerBytes)),
  ) as Partial<FrameHeader>;
  const lengths = header.blobs;
  if (!Array.isArray(lengths) || !lengths.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new WireFrameError('frame header without byte lengths');
  }
  const blobs: Uint8Array[] = [];
  let offset = PREFIX_BYTES + headerBytes;
  for (const length of lengths) {
    if (offset + length > frame.byteLength) throw new WireFrameError('byte array runs past the frame');
    blobs.push(frame.subarray(offset, offset + length));
    offset += length;
  }
  if (offset !== frame.byteLength) throw new WireFrameError('bytes left over after the last byte array');
  return restore(header.message, blobs);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WireFrameError('message is not JSON');
  }
}

function restore(value: unknown, blobs: Uint8Array[]): unknown {
  if (isBytesRef(value)) {
    const blob = blobs[value.$bytes];
    if (blob === undefined) throw new WireFrameError(`byte array ${value.$bytes} is not in the frame`);
    return blob;
  }
  if (Array.isArray(value)) return value.map((item) => restore(item, blobs));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = restore(item, blobs);
    return out;
  }
  return value;
}

/** The size of a received message in bytes (strings by their UTF-16 length, as the limits are written). */
export function wireMessageSize(data: string | ArrayBuffer | Uint8Array): number {
  return typeof data === 'string' ? data.length : data.byteLength;
}
