/** A minimal zip reader for captures: checks every header, size and CRC, and refuses what it does not know. */
import { inflateRawSync } from 'node:zlib';
import { crc32 } from './crc32';

/** Thrown for anything that is not a well-formed zip this reader supports; the message says what. */
export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

/** Bounds that keep a hostile archive from using unbounded memory. */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

/** Limits for captures: thumbnails are small, manifests are JSON. */
const CAPTURE_ZIP_LIMITS: ZipLimits = {
  maxEntries: 200_000,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function fail(message: string): never {
  throw new ZipFormatError(message);
}

function findEnd(buf: Buffer): number {
  if (buf.length < 22) fail(`${buf.length} bytes is too short for a zip archive`);
  const lowest = Math.max(0, buf.length - 22 - 0xffff);
  for (let at = buf.length - 22; at >= lowest; at -= 1) if (buf.readUInt32LE(at) === EOCD) return at;
  return fail('no zip end-of-central-directory record (not a zip file, or cut short)');
}

/** Reads every entry of an archive, verifying sizes and CRC-32; returns them by name. */
export function readZip(buf: Buffer, limits: ZipLimits = CAPTURE_ZIP_LIMITS): Map<string, Buffer> {
  const end = findEnd(buf);
  if (buf.readUInt16LE(end + 4) !== 0 || buf.readUInt16LE(end + 6) !== 0) fail('multi-disk archives are not supported');
  const count = buf.readUInt16LE(end + 10);
  const directorySize = buf.readUInt32LE(end + 12);
  const directoryStart = buf.readUInt32LE(end + 16);
  if (count === 0xffff || directoryStart === 0xffffffff) fail('zip64 archives are not supported');
  if (count > limits.maxEntries) fail(`${count} entries is more than the ${limits.maxEntries} allowed`);
  if (directoryStart + directorySize > end) fail('the central directory lies outside the archive');
  const entries = new Map<string, Buffer>();
  let total = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL) fail(`central directory entry ${i} is damaged`);
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const localStart = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (at > end) fail(`central directory entry ${i} runs past its end`);
    if (flags & 0x1) fail(`${name} is encrypted`);
    if (method !== 0 && method !== 8)
      fail(`${name} uses compression method ${method}; only stored and deflate are read`);
    if (entries.has(name)) fail(`${name} appears twice`);
    if (size > limits.maxEntryBytes) fail(`${name} is ${size} bytes, over the ${limits.maxEntryBytes}-byte limit`);
    total += size;
    if (total > limits.maxTotalBytes) fail(`the archive unpacks to more than ${limits.maxTotalBytes} bytes`);
    if (localStart + 30 > buf.length || buf.readUInt32LE(localStart) !== LOCAL)
      fail(`${name}: local header is damaged`);
    const dataStart = localStart + 30 + buf.readUInt16LE(localStart + 26) + buf.readUInt16LE(localStart + 28);
    if (dataStart + compressed > buf.length) fail(`${name} is cut short`);
    const raw = buf.subarray(dataStart, dataStart + compressed);
    let data: Buffer;
    try {
      data = method === 0 ? Buffer.from(raw) : inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
    } catch (error) {
      fail(`${name} does not inflate: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (data.length !== size) fail(`${name} unpacks to ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) fail(`${name} fails its CRC-32 check (the file is damaged)`);
    entries.set(name, data);
  }
  return entries;
}
