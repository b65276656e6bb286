/**
 * Zip for captures. Writing: fflate's zipSync. Reading: yauzl, which reads the central directory from the file
 * (not the whole file into memory), refuses bad names and encrypted entries, and checks while inflating that an
 * entry inflates to exactly its declared size (it stops at the first byte past it). Every entry's CRC-32 is
 * checked here, with node:zlib's crc32. Sizes are checked against the caller's limits from the directory, before
 * anything is inflated.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Readable } from 'node:stream';
import { zipSync, type Zippable } from 'fflate';
import * as yauzl from 'yauzl';

/** One file to put in the archive; `store` leaves it uncompressed (PNGs do not deflate further). */
export interface ZipInput {
  name: string;
  data: Uint8Array;
  store?: boolean;
}

/** Thrown for an archive that is not a well-formed zip within the limits; the message says what. */
export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

/** Builds a zip archive in memory, entries in the order given. */
export function writeZip(entries: readonly ZipInput[], modified: Date): Uint8Array {
  if (entries.length > 0xffff) throw new Error('too many files for a zip without zip64; capture fewer frames');
  const files: Zippable = Object.create(null) as Zippable;
  for (const entry of entries) {
    if (Object.prototype.hasOwnProperty.call(files, entry.name))
      throw new Error(`zip entry ${entry.name} appears twice`);
    files[entry.name] = [entry.data, { level: entry.store === true ? 0 : 9, mtime: modified }];
  }
  return zipSync(files);
}

/** One entry of the central directory, as declared. */
export interface ZipEntry {
  name: string;
  /** Declared inflated size. */
  size: number;
  compressedSize: number;
  method: number;
  crc32: number;
  entry: yauzl.Entry;
}

/** Limits checked against the directory before anything is inflated; each breach names its budget. */
export interface ZipLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
}

function mib(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** The largest deflate stream an entry of this size needs (stored blocks, deflate's worst case), with slack. */
function maxCompressed(size: number): number {
  return size + 5 * Math.ceil(size / 16_383) + 64;
}

function asFormatError(error: unknown): ZipFormatError {
  if (error instanceof ZipFormatError) return error;
  return new ZipFormatError(error instanceof Error ? error.message : String(error));
}

/** An open zip archive (a file or a buffer); close() when done. */
export class ZipReader {
  private constructor(private readonly zip: yauzl.ZipFile) {}

  /** Opens an archive: reads its end record only. */
  static async open(source: string | Buffer): Promise<ZipReader> {
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true };
    try {
      return new ZipReader(
        typeof source === 'string'
          ? await yauzl.openPromise(source, options)
          : await yauzl.fromBufferPromise(source, options),
      );
    } catch (error) {
      throw asFormatError(error);
    }
  }

  /** Entries the end record declares. */
  get entryCount(): number {
    return this.zip.entryCount;
  }

  /** Reads the central directory, checking names, methods and declared sizes against the limits. */
  async directory(limits: ZipLimits): Promise<Map<string, ZipEntry>> {
    if (this.zip.entryCount > limits.entries)
      throw new ZipFormatError(`it has ${this.zip.entryCount} entries, over the ${limits.entries}-entry budget`);
    const entries = new Map<string, ZipEntry>();
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown): void => {
        this.zip.removeAllListeners('entry');
        reject(asFormatError(error));
      };
      this.zip.on('error', fail);
      this.zip.on('end', () => resolve());
      this.zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const name = entry.fileName;
          if (entries.has(name)) throw new ZipFormatError(`${name} appears twice`);
          if (name.endsWith('/')) throw new ZipFormatError(`${name} is a folder entry; captures hold files only`);
          if (entry.isEncrypted()) throw new ZipFormatError(`${name} is encrypted`);
          if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
            throw new ZipFormatError(
              `${name} uses compression method ${entry.compressionMethod}; only stored and deflate are read`,
            );
          if (entry.uncompressedSize > limits.entryBytes)
            throw new ZipFormatError(
              `${name} declares ${entry.uncompressedSize} bytes, over the ${mib(limits.entryBytes)} entry-size budget`,
            );
          if (entry.compressedSize > maxCompressed(entry.uncompressedSize))
            throw new ZipFormatError(
              `${name} declares ${entry.compressedSize} compressed bytes for ${entry.uncompressedSize} inflated ones, more than deflate ever needs`,
            );
          total += entry.uncompressedSize;
          if (total > limits.totalBytes)
            throw new ZipFormatError(
              `its entries declare more than ${total - 1} bytes together, over the ${mib(limits.totalBytes)} total-size budget`,
            );
          entries.set(name, {
            name,
            size: entry.uncompressedSize,
            compressedSize: entry.compressedSize,
            method: entry.compressionMethod,
            crc32: entry.crc32,
            entry,
          });
          this.zip.readEntry();
        } catch (error) {
          fail(error);
        }
      });
      this.zip.readEntry();
    });
    this.zip.removeAllListeners('entry');
    this.zip.removeAllListeners('end');
    return entries;
  }

  /** An entry's bytes, inflated into a buffer of its declared size; its CRC-32 is checked. */
  async read(entry: ZipEntry): Promise<Uint8Array> {
    // Its own ArrayBuffer (not Node's shared pool), so it can be transferred to another thread.
    const data = new Uint8Array(entry.size);
    let at = 0;
    await this.stream(entry, (chunk) => {
      if (at + chunk.length > data.length)
        throw new ZipFormatError(`${entry.name} inflates to more than the ${entry.size} bytes it declares`);
      data.set(chunk, at);
      at += chunk.length;
    });
    if (at !== entry.size) throw new ZipFormatError(`${entry.name} inflates to ${at} bytes; it declares ${entry.size}`);
    if (crc32(data) >>> 0 !== entry.crc32 >>> 0)
      throw new ZipFormatError(`${entry.name} fails its CRC-32 check (the file is damaged)`);
    return data;
  }

  /** An entry's SHA-256 (hex), inflated as a stream and kept nowhere; its size and CRC-32 are checked. */
  async digest(entry: ZipEntry): Promise<string> {
    const hash = createHash('sha256');
    let crc = 0;
    let at = 0;
    await this.stream(entry, (chunk) => {
      at += chunk.length;
      if (at > entry.size)
        throw new ZipFormatError(`${entry.name} inflates to more than the ${entry.size} bytes it declares`);
      hash.update(chunk);
      crc = crc32(chunk, crc);
    });
    if (at !== entry.size) throw new ZipFormatError(`${entry.name} inflates to ${at} bytes; it declares ${entry.size}`);
    if (crc >>> 0 !== entry.crc32 >>> 0)
      throw new ZipFormatError(`${entry.name} fails its CRC-32 check (the file is damaged)`);
    return hash.digest('hex');
  }

  /** Closes the archive; idempotent. */
  close(): void {
    if (this.zip.isOpen) this.zip.close();
  }

  private async stream(entry: ZipEntry, onChunk: (chunk: Buffer) => void): Promise<void> {
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry.entry);
    } catch (error) {
      throw new ZipFormatError(`${entry.name}: ${asFormatError(error).message}`);
    }
    try {
      for await (const chunk of stream) onChunk(chunk as Buffer);
    } catch (error) {
      const message = asFormatError(error).message;
      if (/too many bytes/.test(message))
        throw new ZipFormatError(`${entry.name} inflates to more than the ${entry.size} bytes it declares`);
      throw new ZipFormatError(message.startsWith(entry.name) ? message : `${entry.name}: ${message}`);
    } finally {
      stream.destroy();
    }
  }
}
