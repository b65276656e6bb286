/** Replays a capture: serves its frames, thumbnails and operator previews read-only, like a live Session. */
import type { PlaneThumbnail, ShowOptions, ShowResult, ShowTarget } from '../addon/native';
import {
  type CapturedFrame,
  type CaptureManifest,
  type CaptureSelection,
  type CaptureSignature,
} from '../../contract/capture';
import {
  captureDeviceLines,
  captureGpuText,
  recordedSummary,
  type CaptureSummary,
} from '../../contract/capture-summary';
import type { CapturedOperatorWire } from '../../contract/contract';
import { RpcFailure, rpcError } from '../../contract/envelope';
import { formatFrameList } from '../../wording/frame-list';
import type { ReadMemoryParams } from '../../contract/memory';

/** A range of a frame's memory, as readMemory takes it. */
type MemoryRange = ReadMemoryParams['range'];
import type { MemoryRead } from '../../contract/memory';
import type { StreamInfo } from '../../contract/report';
import { readFromSamples } from './sample-reads';
import type { OpenedCapture } from './capture-file';
import { CaptureImages } from './capture-images';
import type { CaptureMeta, CaptureSource, OperatorPreviews } from './collect';
import { replayCaptureMeta } from './capture-meta';
import type { CapturedOperators, DecoderComparison, FrameSource } from './frame-source';

/** Shrinks a grey image to at most maxWidth wide by nearest-neighbour sampling, keeping its aspect. */
export function shrinkGrey(thumb: PlaneThumbnail, maxWidth: number): PlaneThumbnail {
  if (thumb.width <= maxWidth) return thumb;
  const width = maxWidth;
  const height = Math.max(1, Math.round((thumb.height * width) / thumb.width));
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(thumb.height - 1, Math.floor((y * thumb.height) / height));
    for (let x = 0; x < width; x += 1) {
      data[y * width + x] = thumb.data[sy * thumb.width + Math.floor((x * thumb.width) / width)] ?? 0;
    }
  }
  return { ...thumb, width, height, data };
}

/**
 * A capture opened for replay; frames that were not captured get CAPTURE_FRAME_MISSING. It offers the addon's one
 * frame call, whose previews answer OPERATOR_UNSUPPORTED: a capture holds only the previews it was saved with. Its
 * pictures are decoded when first asked for, each once (CaptureImages).
 */
export class CaptureSession implements FrameSource, CaptureSource {
  readonly info: StreamInfo;
  readonly frameNoun = 'captured frame';
  private open = true;
  private shown: CapturedFrame | null = null;
  private readonly byIndex: Map<number, CapturedFrame>;
  private readonly images: CaptureImages;

  constructor(
    private readonly contents: OpenedCapture,
    readonly path: string,
  ) {
    this.info = contents.manifest.stream;
    this.byIndex = new Map(contents.manifest.frames.map((frame) => [frame.index, frame]));
    this.images = new CaptureImages(contents.files, contents.shapes, undefined, contents.pixels, contents.pngErrors);
  }

  /** Who signed the capture, and whether it verifies. */
  get signature(): CaptureSignature {
    return this.contents.signature;
  }

  /** Bytes of pixels decoded so far (each distinct PNG once). */
  get decodedBytes(): number {
    return this.images.decodedBytes;
  }

  /** The manifest as loaded. */
  get manifest(): CaptureManifest {
    return this.contents.manifest;
  }

  /** True once close() ran. */
  get closed(): boolean {
    return !this.open;
  }

  /** The captured frame indices, ascending. */
  get frames(): number[] {
    return [...this.byIndex.keys()].sort((a, b) => a - b);
  }

  /** What the renderer shows about the capture. */
  get summary(): CaptureSummary {
    const { manifest } = this.contents;
    return {
      path: this.path,
      createdAt: manifest.createdAt,
      app: manifest.app,
      machine: manifest.machine,
      source: manifest.source,
      selection: manifest.selection,
      environment: manifest.environment,
      frames: this.frames,
      framesWithOperators: manifest.frames.filter((f) => (f.operators ?? []).length > 0).map((f) => f.index),
      gpu: captureGpuText(manifest.environment, manifest.stream.device),
      devices: captureDeviceLines(manifest),
      signature: this.contents.signature,
      recorded: recordedSummary(manifest),
    };
  }

  /** The captured report of a frame (by index, or the captured frame nearest a time) with its thumbnails; an
   * operator preview needs the video itself. */
  async show(target: ShowTarget, options?: ShowOptions): Promise<ShowResult> {
    const frame = 'index' in target ? this.lookup(target.index) : this.nearest(target.seconds);
    this.shown = frame;
    const width = options?.thumbnailWidth;
    // The ledger the capture stored inside the report goes beside it, where every show answers it.
    const { ledger, ...report } = structuredClone(frame.report);
    return {
      report,
      ...(ledger === undefined ? {} : { ledger }),
      thumbnails: width === undefined ? null : this.thumbnails(frame, width),
      previews: (options?.previews ?? []).map(() => ({
        result: null,
        error: {
          code: 'OPERATOR_UNSUPPORTED',
          message: 'A replayed capture holds only the previews it was saved with; operators need the video itself.',
          remedy: 'Open the original video to run operators; the captured previews are shown with each frame.',
        },
      })),
    };
  }

  /** The captured frame nearest to a time. */
  private nearest(seconds: number): CapturedFrame {
    this.ensureOpen();
    let best: CapturedFrame | null = null;
    for (const frame of this.byIndex.values()) {
      if (best === null || Math.abs(frame.report.timeSeconds - seconds) < Math.abs(best.report.timeSeconds - seconds))
        best = frame;
    }
    if (best === null) throw new RpcFailure(rpcError('CAPTURE_FRAME_MISSING', 'The capture holds no frames.'));
    return best;
  }

  /** The plane thumbnails of a captured frame, at most maxWidth wide. */
  private thumbnails(frame: CapturedFrame, maxWidth: number): PlaneThumbnail[] {
    return frame.thumbnails.map((entry) => {
      const image = this.images.grey(entry.png);
      return shrinkGrey(
        { plane: entry.plane, name: entry.name, width: image.width, height: image.height, data: image.data },
        maxWidth,
      );
    });
  }

  /** The operator previews of the frame last shown, as stored (for re-saving a capture). */
  async operatorPreviews(): Promise<OperatorPreviews> {
    const files = (this.shown?.operators ?? []).map(({ png, ...entry }) => ({
      entry,
      png: this.images.checkedPng(png),
    }));
    return { files };
  }

  /**
   * Reads a captured frame's memory from the bytes the capture kept of it: rows inside one of its samples are
   * answered as they were read; others are MEMORY_NOT_CAPTURED, naming the frame, the rows and what it holds. The
   * range is checked against the frame's planes and the read cap first, as a live read is.
   */
  async readMemory(range: MemoryRange, options: { index: number }): Promise<MemoryRead> {
    const frame = this.lookup(options.index);
    const samples = (frame.memory ?? []).map((sample) => ({ read: sample.read, data: this.images.bytes(sample.bin) }));
    return readFromSamples(samples, range, options.index, frame.report);
  }

  /** The same read, as the RPC's memory method asks it of any open file. */
  readFrameMemory(range: MemoryRange, options: { index: number }): Promise<MemoryRead> {
    return this.readMemory(range, options);
  }

  /** A captured frame's operator previews, sized before any PNG is read. */
  capturedOperators(index: number): CapturedOperators {
    return { bytes: this.operatorAnswerBytes(index), read: () => this.operators(index) };
  }

  /** Refused: decoders compare decoded frames, and a capture holds reports and thumbnails. */
  decoderComparison(): DecoderComparison {
    throw new RpcFailure(
      rpcError(
        'OPERATOR_UNSUPPORTED',
        'A replayed capture holds reports and thumbnails, not the decoded frames two decoders can be compared on.',
        'Open the original video to compare its decoders.',
      ),
    );
  }

  /** What re-saving part of it records: its own origin, unless it was changed after it was signed. */
  async captureMeta(selection: CaptureSelection): Promise<CaptureMeta> {
    if (this.signature.state === 'tampered')
      throw new RpcFailure(
        rpcError(
          'INVALID_ARGUMENT',
          `This capture was changed after it was signed (${this.signature.detail}); saving part of it would sign evidence this installation did not record.`,
          'Save a capture from the video instead.',
        ),
      );
    return replayCaptureMeta(this, selection);
  }

  /** A capture being re-saved is gathered from itself. */
  captureSource(): CaptureSource {
    return this;
  }

  /** Bytes the operators answer of a frame takes on the wire, known before any PNG is touched: base64 of each PNG
   * plus its entry's JSON. */
  operatorAnswerBytes(index: number): number {
    return (this.lookup(index).operators ?? []).reduce(
      (sum, op) => sum + 4 * Math.ceil(this.images.bytes(op.png).byteLength / 3) + JSON.stringify(op).length + 128,
      0,
    );
  }

  /** The operator previews of a captured frame, as they cross the wire. */
  operators(index: number): CapturedOperatorWire[] {
    return (this.lookup(index).operators ?? []).map((op) => ({
      name: op.name,
      params: op.params,
      gpuTimeMs: op.gpuTimeMs ?? null,
      psnr: op.psnr ?? null,
      maxAbsError: op.maxAbsError ?? null,
      png: Buffer.from(this.images.checkedPng(op.png)).toString('base64'),
    }));
  }

  /** Forgets the capture; idempotent. */
  close(): void {
    this.open = false;
    this.shown = null;
    this.images.clear();
  }

  private lookup(index: number): CapturedFrame {
    this.ensureOpen();
    const frame = this.byIndex.get(index);
    if (frame !== undefined) return frame;
    if (this.info.frameCount > 0 && index >= this.info.frameCount) {
      throw new RpcFailure(
        rpcError('FRAME_OUT_OF_RANGE', `Frame ${index} is past the end of the clip (${this.info.frameCount} frames).`),
      );
    }
    throw new RpcFailure(
      rpcError(
        'CAPTURE_FRAME_MISSING',
        `Frame ${index} is not in this capture; it holds frames ${formatFrameList(this.frames)}.`,
      ),
    );
  }

  private ensureOpen(): void {
    if (!this.open) throw new RpcFailure(rpcError('CLOSED', 'The capture was closed.'));
  }
}
