/** A live video as a FrameSource: the addon's Session, with the file it was opened from and that file's hash. */
import type { Session, ShowOptions } from '../addon/native';
import type { CaptureSource } from '../capture/collect';
import type { CapturedOperators, DecoderComparison, FrameSource } from '../capture/frame-source';
import type { CaptureSelection } from '../../contract/capture';
import type { CaptureMeta } from '../capture/collect';
import type { MemoryRead, ReadMemoryParams } from '../../contract/memory';
import type { ShowResult, ShowTarget } from '../../contract/show';
import type { StreamInfo } from '../../contract/report';
import { toWireMemoryRead } from './memory-wire';
import { noteTeardown } from './resident-growth';
import type { SourceHashJob } from './source-hash';

/** The open video: every call goes to its Session. */
export class LiveSource implements FrameSource {
  readonly frameNoun = 'frame';
  /** The file's SHA-256 being taken (source-hash.ts), stopped when the file is closed. */
  readonly hash: SourceHashJob;
  private readonly hashing = new AbortController();

  constructor(
    /** The addon's Session. */
    readonly session: Session,
    /** The file it was opened from. */
    readonly file: string,
    /** Starts hashing the file; the signal fires when it is closed. */
    startHash: (signal: AbortSignal) => SourceHashJob,
  ) {
    this.hash = startHash(this.hashing.signal);
  }

  get info(): StreamInfo {
    return this.session.info;
  }

  get closed(): boolean {
    return this.session.closed;
  }

  show(target: ShowTarget, options?: ShowOptions): Promise<ShowResult> {
    return this.session.show(target, options);
  }

  setLedger(on: boolean): boolean {
    return this.session.setLedger(on);
  }

  /** The frame shown first (decoding nothing when the session holds it last), then read. */
  async readFrameMemory(
    range: ReadMemoryParams['range'],
    { index, signal }: { index: number; signal: AbortSignal },
  ): Promise<MemoryRead> {
    await this.session.show({ index }, { proof: false, signal });
    return toWireMemoryRead(await this.session.readMemory(range, { index, signal }));
  }

  /** A video was captured with no operator previews. */
  capturedOperators(): CapturedOperators {
    return { bytes: 0, read: () => [] };
  }

  decoderComparison(): DecoderComparison {
    const path = this.session.info.decodePath;
    return { file: this.file, decoderA: path === 'software' ? 'software' : path };
  }

  captureMeta(_selection: CaptureSelection, live: () => Promise<CaptureMeta>): Promise<CaptureMeta> {
    return live();
  }

  /** The Session itself: its memory reads, batched or not, are the capture's samples. */
  captureSource(): CaptureSource {
    return this.session;
  }

  /** Closes the Session; in the background its teardown is work no open's or step's growth counts (resident-growth.ts). */
  close(options?: { background?: boolean }): void {
    this.hashing.abort();
    if (options?.background === true && !this.session.closed)
      noteTeardown(this.session.info.decodePath === 'software' ? 'software' : 'device');
    this.session.close(options);
  }
}
