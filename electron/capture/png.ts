/** A minimal PNG encoder and decoder for 8-bit grey, grey+alpha, RGB and RGBA images (no interlace, no palette). */
import { deflateSync, inflateSync } from 'node:zlib';
import { crc32 } from './crc32';

/** Pixels, row-major, `channels` bytes per pixel. */
export interface RasterImage {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  data: Uint8Array;
}

/** Thrown when bytes are not a PNG this decoder reads; the message says why. */
export class PngFormatError extends Error {
  override readonly name = 'PngFormatError';
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE: Record<RasterImage['channels'], number> = { 1: 0, 2: 4, 3: 2, 4: 6 };
const CHANNELS: Partial<Record<number, RasterImage['channels']>> = { 0: 1, 4: 2, 2: 3, 6: 4 };
const MAX_SIDE = 16_384;

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body, crc32(head.subarray(4, 8))), 0);
  return Buffer.concat([head, body, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The predictor of filter type f for one byte, given left (a), up (b) and up-left (c). */
function predict(f: number, a: number, b: number, c: number): number {
  switch (f) {
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >>> 1;
    case 4:
      return paeth(a, b, c);
    default:
      return 0;
  }
}

/** Encodes an image; each row takes the filter that gives the smallest sum of absolute residuals. */
export function encodePng(image: RasterImage): Buffer {
  const { width, height, channels, data } = image;
  const stride = width * channels;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) throw new RangeError('bad PNG size');
  if (data.length < stride * height)
    throw new RangeError(`${data.length} bytes for a ${width}×${height}×${channels} image`);
  const raw = Buffer.alloc((stride + 1) * height);
  const candidate = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const row = y * stride;
    let bestFilter = 0;
    let bestCost = Infinity;
    for (let f = 0; f < 5; f += 1) {
      let cost = 0;
      for (let x = 0; x < stride; x += 1) {
        const a = x >= channels ? (data[row + x - channels] ?? 0) : 0;
        const b = y > 0 ? (data[row - stride + x] ?? 0) : 0;
        const c = x >= channels && y > 0 ? (data[row - stride + x - channels] ?? 0) : 0;
        const value = ((data[row + x] ?? 0) - predict(f, a, b, c)) & 0xff;
        candidate[x] = value;
        cost += value < 128 ? value : 256 - value;
      }
      if (cost < bestCost) {
        bestCost = cost;
        bestFilter = f;
        raw[y * (stride + 1)] = f;
        candidate.copy(raw, y * (stride + 1) + 1);
      }
    }
    raw[y * (stride + 1)] = bestFilter;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = COLOR_TYPE[channels];
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function fail(message: string): never {
  throw new PngFormatError(message);
}

/** Decodes an 8-bit, non-interlaced grey, grey+alpha, RGB or RGBA PNG, checking every chunk's CRC. */
export function decodePng(bytes: Uint8Array): RasterImage {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(SIGNATURE)) fail('not a PNG (bad signature)');
  let at = 8;
  let header: { width: number; height: number; channels: RasterImage['channels'] } | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (at + 12 <= buf.length && !ended) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > buf.length) fail(`${type} chunk is cut short`);
    const body = buf.subarray(at + 8, at + 8 + length);
    if (crc32(body, crc32(buf.subarray(at + 4, at + 8))) !== buf.readUInt32BE(at + 8 + length))
      fail(`${type} chunk fails its CRC check`);
    if (type === 'IHDR') {
      const channels = CHANNELS[body[9] ?? -1];
      if (length !== 13 || body[8] !== 8 || channels === undefined || body[12] !== 0)
        fail('only 8-bit non-interlaced grey, grey+alpha, RGB and RGBA PNGs are read');
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), channels };
      if (header.width < 1 || header.height < 1 || header.width > MAX_SIDE || header.height > MAX_SIDE)
        fail(`bad size ${header.width}×${header.height}`);
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (header === null || idat.length === 0 || !ended) fail('missing IHDR, IDAT or IEND');
  const { width, height, channels } = header;
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: (stride + 1) * height });
  } catch (error) {
    fail(`image data does not inflate: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (raw.length !== (stride + 1) * height) fail('image data has the wrong length');
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)] ?? 0;
    if (filter > 4) fail(`unknown filter ${filter} on row ${y}`);
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? (data[row + x - channels] ?? 0) : 0;
      const b = y > 0 ? (data[row - stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (data[row - stride + x - channels] ?? 0) : 0;
      data[row + x] = ((raw[src + x] ?? 0) + predict(filter, a, b, c)) & 0xff;
    }
  }
  return { width, height, channels, data };
}
