/**
 * The SHA-256 of files open live, taken after the open and off every request's path: read as a stream in chunks
 * (each hashed between other work, so a 4 GB file holds up no client's steps), a few files at a time for the whole
 * backend, the size checked against the cap before a byte is read, and the file's identity compared before and after,
 * so bytes that changed on disk since the open never get a hash.
 */
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { RpcFailure, rpcError, toRpcError } from '../../contract/envelope';
import { SOURCE_HASH_MAX_BYTES, type SourceHash } from '../../contract/source-hash';

/** Bytes read and hashed at a time: small enough that each update is well under a millisecond. */
const CHUNK_BYTES = 256 * 1024;

/** Files hashed at once by one backend, all clients together; the others wait for a turn. */
const CONCURRENT_HASHES = 2;

/** What the hasher may read. */
export interface SourceHashLimits {
  /** The largest file hashed (default SOURCE_HASH_MAX_BYTES). */
  maxBytes: number;
  /** Files hashed at once (default 2). */
  concurrent: number;
}

/** True when the two stats are of one file with the same bytes, as far as the file system tells. */
function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

function changed(file: string, what: string): RpcFailure {
  return new RpcFailure(
    rpcError('SOURCE_CHANGED_WHILE_HASHED', `${path.basename(file)} changed on disk ${what}, so it has no hash.`),
  );
}

function closed(file: string): RpcFailure {
  return new RpcFailure(rpcError('CANCELLED', `${path.basename(file)} was closed before it was hashed.`));
}

/** One file's hash being taken: how far it has come, and its end. */
export class SourceHashJob {
  private read = 0;
  private result: SourceHash | null = null;
  private failure: RpcFailure | null = null;
  /** Settles when the hash is taken or refused; never rejects. */
  readonly settled: Promise<void>;

  constructor(
    readonly file: string,
    private readonly size: number,
    run: (progress: (bytes: number) => void) => Promise<SourceHash>,
  ) {
    this.settled = run((bytes) => (this.read += bytes)).then(
      (result) => {
        this.result = result;
      },
      (error: unknown) => {
        this.failure = error instanceof RpcFailure ? error : new RpcFailure(toRpcError(error));
      },
    );
  }

  /** The hash, or how far the reading has come; throws the refusal (too large, changed, unreadable, closed). */
  answer(): SourceHash {
    if (this.failure !== null) throw this.failure;
    return this.result ?? { state: 'hashing', path: this.file, size: this.size, read: this.read };
  }
}

/** Hashes the backend's live files. */
export class SourceHasher {
  private readonly limits: SourceHashLimits;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(limits: Partial<SourceHashLimits> = {}) {
    this.limits = { maxBytes: SOURCE_HASH_MAX_BYTES, concurrent: CONCURRENT_HASHES, ...limits };
  }

  /** Starts hashing file, which had the stats atOpen when it was opened; the signal stops it (the file was closed). */
  start(file: string, atOpen: Stats, signal: AbortSignal): SourceHashJob {
    return new SourceHashJob(file, atOpen.size, (progress) => this.hash(file, atOpen, signal, progress));
  }

  private async hash(
    file: string,
    atOpen: Stats,
    signal: AbortSignal,
    progress: (bytes: number) => void,
  ): Promise<SourceHash> {
    const started = performance.now();
    // The cap is checked before the file waits for a turn or a byte is read.
    if (atOpen.size > this.limits.maxBytes) {
      throw new RpcFailure(
        rpcError(
          'SOURCE_TOO_LARGE_TO_HASH',
          `${path.basename(file)} holds ${atOpen.size} bytes; files over ${this.limits.maxBytes} bytes are not hashed.`,
        ),
      );
    }
    await this.turn(file, signal);
    try {
      const before = await stat(file);
      if (!sameFile(atOpen, before)) throw changed(file, 'after it was opened');
      const digest = createHash('sha256');
      let read = 0;
      for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES, signal })) {
        const bytes = chunk as Buffer;
        digest.update(bytes);
        read += bytes.length;
        progress(bytes.length);
      }
      if (read !== before.size || !sameFile(before, await stat(file))) throw changed(file, 'while it was read');
      const sha256 = digest.digest('hex');
      return { state: 'hashed', path: file, size: read, sha256, ms: performance.now() - started };
    } catch (error) {
      if (signal.aborted) throw closed(file);
      if (error instanceof RpcFailure) throw error;
      throw new RpcFailure(
        rpcError(
          'FILE_UNREADABLE',
          `${path.basename(file)} could not be read to hash it: ${toRpcError(error).message}`,
        ),
      );
    } finally {
      this.release();
    }
  }

  /** Waits until fewer than `concurrent` files are being hashed; CANCELLED when the signal fires first. */
  private async turn(file: string, signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw closed(file);
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const go = (): void => {
        signal.removeEventListener('abort', stop);
        resolve();
      };
      const stop = (): void => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(closed(file));
      };
      signal.addEventListener('abort', stop, { once: true });
      this.waiting.push(go);
    });
  }

  /** Hands the turn to the next file waiting, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.running -= 1;
  }
}
