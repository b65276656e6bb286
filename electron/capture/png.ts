/**
 * PNG for captures, through fast-png (encoding, filtering, CRCs). fast-png inflates a whole IDAT stream without a
 * bound, so nothing reaches it unchecked: the header (the first chunk, IHDR) is read first and compared with
 * what the caller expects, then the image data is inflated under node:zlib's maxOutputLength, which stops at
 * the size the header declares; only then does fast-png decode.
 */
import { decode, encode } from 'fast-png';
import { inflateSync } from 'node:zlib';

/** Pixels, row-major, `channels` bytes per pixel, 8 bits per sample. */
export interface RasterImage {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  data: Uint8Array;
}

/** What a PNG's IHDR declares. */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  /** Samples per pixel of the colour type; null for palette images (which captures never hold). */
  channels: RasterImage['channels'] | null;
}

/** What a caller expects a PNG to be; it is refused unless its header says exactly this. */
export interface PngShape {
  width: number;
  height: number;
  channels: RasterImage['channels'];
}

/** Thrown when bytes are not the PNG expected; the message says why. */
export class PngFormatError extends Error {
  override readonly name = 'PngFormatError';
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Partial<Record<number, RasterImage['channels']>> = { 0: 1, 4: 2, 2: 3, 6: 4 };
const COLOR_WORDS: Record<RasterImage['channels'], string> = { 1: 'grey', 2: 'grey+alpha', 3: 'RGB', 4: 'RGBA' };

function fail(message: string): never {
  throw new PngFormatError(message);
}

function u32(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0
  );
}

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

/** Encodes 8-bit pixels as a non-interlaced PNG. */
export function encodePng(image: RasterImage): Uint8Array {
  const { width, height, channels, data } = image;
  if (data.length < width * height * channels)
    throw new RangeError(`${data.length} bytes for a ${width}×${height}×${channels} image`);
  return encode(
    { width, height, channels, depth: 8, data: data.subarray(0, width * height * channels) },
    { zlib: { level: 6 } },
  );
}

/** Reads the signature and the first chunk, which must be IHDR; nothing is inflated. */
export function readPngHeader(bytes: Uint8Array): PngHeader {
  if (bytes.length < 33 || SIGNATURE.some((byte, i) => bytes[i] !== byte)) fail('is not a PNG (bad signature)');
  if (u32(bytes, 8) !== 13 || chunkType(bytes, 12) !== 'IHDR') fail('does not start with its IHDR header');
  const colorType = bytes[25] ?? -1;
  return {
    width: u32(bytes, 16),
    height: u32(bytes, 20),
    bitDepth: bytes[24] ?? 0,
    colorType,
    interlace: bytes[28] ?? -1,
    channels: CHANNELS[colorType] ?? null,
  };
}

/** The header's shape when it is one captures hold (8-bit, non-interlaced, no palette); else why not. */
export function headerShape(header: PngHeader): PngShape {
  if (header.bitDepth !== 8 || header.channels === null || header.interlace !== 0)
    fail(
      `is a ${header.bitDepth}-bit PNG of colour type ${header.colorType}${header.interlace !== 0 ? ', interlaced' : ''}; captures hold 8-bit non-interlaced grey or RGB`,
    );
  if (header.width < 1 || header.height < 1) fail(`declares an empty ${header.width}×${header.height} image`);
  return { width: header.width, height: header.height, channels: header.channels };
}

/** Checks a header against the shape expected; refuses any difference. */
export function checkPngHeader(bytes: Uint8Array, expected: PngShape): void {
  const shape = headerShape(readPngHeader(bytes));
  if (shape.width !== expected.width || shape.height !== expected.height || shape.channels !== expected.channels)
    fail(
      `declares ${shape.width}×${shape.height} ${COLOR_WORDS[shape.channels]}, not ${expected.width}×${expected.height} ${COLOR_WORDS[expected.channels]}`,
    );
}

/** Bytes of filtered scanlines an image of this shape inflates to. */
function rawBytes(shape: PngShape): number {
  return (shape.width * shape.channels + 1) * shape.height;
}

/**
 * The largest PNG file an image of this shape can need: its scanlines stored without compression (deflate's
 * worst case), the image data split into 8 KiB chunks, and 64 KiB for ancillary chunks.
 */
export function maxPngBytes(shape: PngShape): number {
  const raw = rawBytes(shape);
  return raw + 5 * Math.ceil(raw / 16_383) + 12 * Math.ceil(raw / 8_192 + 1) + 64 * 1024 + 64;
}

/** Inflates the IDAT stream under a bound: it must inflate to exactly the scanlines the header declares. */
function checkInflation(bytes: Uint8Array, shape: PngShape): void {
  const parts: Uint8Array[] = [];
  let at = 8;
  let ended = false;
  while (at + 12 <= bytes.length && !ended) {
    const length = u32(bytes, at);
    const type = chunkType(bytes, at + 4);
    if (at + 12 + length > bytes.length) fail(`has a ${type} chunk that is cut short`);
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!ended || parts.length === 0) fail('has no image data or no IEND');
  const expected = rawBytes(shape);
  let inflated: Buffer;
  try {
    inflated = inflateSync(Buffer.concat(parts), { maxOutputLength: expected });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      fail(`has image data that inflates to more than the ${expected} bytes its header declares`);
    fail(`has image data that does not inflate (${error instanceof Error ? error.message : String(error)})`);
  }
  if (inflated.length !== expected) fail(`has image data of ${inflated.length} bytes; its header declares ${expected}`);
}

/** Decodes a PNG that must have the expected shape (by default, the one its header declares). */
export function decodePng(bytes: Uint8Array, expected?: PngShape): RasterImage {
  const shape = expected ?? headerShape(readPngHeader(bytes));
  checkPngHeader(bytes, shape);
  checkInflation(bytes, shape);
  let image;
  try {
    image = decode(bytes, { checkCrc: true });
  } catch (error) {
    fail(`does not decode (${error instanceof Error ? error.message : String(error)})`);
  }
  const size = shape.width * shape.height * shape.channels;
  if (image.depth !== 8 || !(image.data instanceof Uint8Array) || image.data.length !== size)
    fail('decodes to pixels other than its header declares');
  return { ...shape, data: image.data };
}
