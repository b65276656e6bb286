/** Gathers a capture from an open session: each chosen frame's report, plane thumbnails and operator previews. */
import type { JsonValue } from '../../contract/bounded-json';
import {
  MEMORY_SAMPLE_KINDS,
  type CaptureManifest,
  type CapturedFrame,
  type MemorySampleEntry,
  type OperatorEntry,
  type ProbePoints,
} from '../../contract/capture';
import type { ReadMemoryParams } from '../../contract/memory';

/** A range of a frame's memory, as readMemory takes it. */
type MemoryRange = ReadMemoryParams['range'];
import type { MemoryRead } from '../../contract/memory';
import { planSamples, readSamples } from './memory-samples';
import type { PreviewOptions, Session } from '../addon/native';
import { streamInfoSchema, type FrameReport, type StreamInfo } from '../../contract/report';
import type { CaptureContents } from './capture-file';
import { encodePng } from './png';
import { RpcFailure, rpcError } from '../../contract/envelope';
import { withStepLedger } from '../../contract/ledger';
import { previewFiles } from './operator-previews';

/** An operator preview's manifest fields other than its PNG's path (later versions may add more). */
interface OperatorFields {
  name: string;
  params: Record<string, JsonValue>;
  gpuTimeMs?: number | null;
  psnr?: number | null;
  maxAbsError?: number | null;
  [field: string]: JsonValue | undefined;
}

/** One operator preview ready to store: its manifest fields and its PNG bytes. */
export interface OperatorPreviewFile {
  entry: OperatorFields;
  png: Uint8Array;
}

/** The operator previews a capture being re-saved holds for one frame. */
export interface OperatorPreviews {
  files: OperatorPreviewFile[];
}

/** What a capture is gathered from: a live addon Session, or a capture being re-saved. */
export type CaptureSource = Pick<Session, 'info' | 'show'> & {
  /** The operator previews each frame's show() call asks for (their width apart, as stored); absent: none. */
  previews?: { requests: readonly PreviewOptions[]; maxWidth: number };
  /** The stored operator previews of the frame last shown (a capture being re-saved). */
  operatorPreviews?(): Promise<OperatorPreviews>;
  /** Reads a held frame's memory; sources without it keep no memory samples. */
  readMemory?(range: MemoryRange, options: { index: number; signal?: AbortSignal }): Promise<MemoryRead>;
  /** Reads up to MEMORY_READS_PER_CALL ranges of it in one call (a live video's Session); where present, a frame's
   * samples are read through it instead of one readMemory call each. */
  readMemoryBatch?(
    ranges: readonly MemoryRange[],
    options: { index: number; signal?: AbortSignal },
  ): Promise<MemoryRead[]>;
};

/** Which memory samples each frame keeps (memory-samples.ts): the kinds (default all; none: an empty list), and the
 * pixels to keep the probe's band around (default the middle). */
export interface MemoryChoice {
  kinds?: readonly MemorySampleEntry['kind'][];
  probe?: ProbePoints;
}

/** Everything in the manifest except the frames. */
export type CaptureMeta = Omit<CaptureManifest, 'frames' | 'stream'>;

/** What one frame's step of a capture asks: its thumbnails, its previews and whether it keeps memory samples. */
interface FrameAsk {
  thumbnailWidth?: number;
  previews?: readonly PreviewOptions[];
  memorySamples: boolean;
}

/**
 * Admits the step to one frame before it is decoded (throwing refuses the capture, nothing decoded for that frame);
 * its end takes the bytes the capture kept of the frame. Default: every frame admitted.
 */
export type FrameAdmission = (index: number, ask: FrameAsk) => { end(kept: number): void };

/** Progress of a capture being gathered. */
export type CaptureProgress = (done: number, total: number, frame: number) => void;

function framePrefix(index: number): string {
  return `frames/${String(index).padStart(6, '0')}`;
}

function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 40) || 'operator';
}

/**
 * Decodes each frame in ascending order and stores its report, thumbnails and operator previews. A report in
 * `seen` (what the user was shown) is stored instead of the new decode's, which then only positions the source.
 * Each frame's step is admitted before its decode and ended with the bytes kept of it (admit).
 */
export async function collectCapture(
  source: CaptureSource,
  frames: readonly number[],
  meta: CaptureMeta,
  onProgress: CaptureProgress = () => undefined,
  seen: ReadonlyMap<number, FrameReport> = new Map(),
  signal?: AbortSignal,
  memory: MemoryChoice = {},
  admit: FrameAdmission = () => ({ end: () => undefined }),
): Promise<CaptureContents> {
  const ordered = [...new Set(frames)].sort((a, b) => a - b);
  const files = new Map<string, Uint8Array>();
  const captured: CapturedFrame[] = [];
  const kinds = memory.kinds ?? MEMORY_SAMPLE_KINDS;
  // One call a frame: its report, its thumbnails and every operator preview asked for.
  const requests = source.previews?.requests ?? [];
  const previews = requests.map((request) => ({ ...request, maxWidth: source.previews?.maxWidth }));
  const thumbnailWidth = meta.options.thumbnailWidth;
  const ask: FrameAsk = {
    ...(thumbnailWidth !== undefined ? { thumbnailWidth } : {}),
    previews,
    memorySamples: source.readMemory !== undefined && kinds.length > 0,
  };
  for (const [done, index] of ordered.entries()) {
    if (signal?.aborted === true) {
      throw new RpcFailure(
        rpcError('CANCELLED', `The capture was cancelled after ${done} of ${ordered.length} frames.`),
      );
    }
    onProgress(done, ordered.length, index);
    const step = admit(index, ask);
    let kept = 0;
    const keep = (name: string, bytes: Uint8Array): void => {
      files.set(name, bytes);
      kept += bytes.byteLength;
    };
    try {
      const frame = await collectFrame(source, index, seen.get(index), meta, ask, keep, signal, memory, kinds);
      if (!captured.some((other) => other.index === frame.index)) captured.push(frame);
    } finally {
      step.end(kept);
    }
  }
  onProgress(ordered.length, ordered.length, ordered.at(-1) ?? 0);
  return { manifest: { ...meta, stream: streamForCapture(source.info), frames: captured }, files };
}

/** Decodes one frame and keeps its report, thumbnails, operator previews and memory samples. */
async function collectFrame(
  source: CaptureSource,
  index: number,
  known: FrameReport | undefined,
  meta: CaptureMeta,
  ask: FrameAsk,
  keep: (name: string, bytes: Uint8Array) => void,
  signal: AbortSignal | undefined,
  memory: MemoryChoice,
  kinds: readonly MemorySampleEntry['kind'][],
): Promise<CapturedFrame> {
  const proof = known === undefined && meta.options.proof;
  const requests = source.previews?.requests ?? [];
  const shown = await source.show(
    { index },
    {
      proof,
      thumbnailWidth: meta.options.thumbnailWidth,
      ...(requests.length === 0 ? {} : { previews: [...(ask.previews ?? [])] }),
      ...(signal !== undefined ? { signal } : {}),
    },
  );
  const decoded = shown.report;
  // The step's ledger is the whole call's: the frame's, its thumbnails' and its previews' copies.
  const report = known ?? withStepLedger(shown);
  const prefix = framePrefix(report.frameIndex);
  const planeThumbs = shown.thumbnails ?? [];
  const thumbnails = planeThumbs.map((thumb, i) => {
    // An interleaved plane (NV12's UV, P010's) has one thumbnail per channel: each needs a file of its own. The
    // first channel of a plane keeps plane-N.png; the next are plane-N-<channel>.png.
    const earlier = planeThumbs.slice(0, i).some((other) => other.plane === thumb.plane);
    const png = `${prefix}/plane-${thumb.plane}${earlier ? `-${thumb.name}` : ''}.png`;
    keep(png, encodePng({ width: thumb.width, height: thumb.height, channels: 1, data: thumb.data }));
    return { plane: thumb.plane, name: thumb.name, width: thumb.width, height: thumb.height, png };
  });
  let operators: OperatorEntry[] | undefined;
  const stored =
    requests.length > 0
      ? previewFiles(requests, shown.previews)
      : source.operatorPreviews !== undefined
        ? (await source.operatorPreviews()).files
        : [];
  if (stored.length > 0) {
    operators = stored.map(({ entry, png }, i): OperatorEntry => {
      const name = `${prefix}/op-${i}-${slug(entry.name)}.png`;
      keep(name, png);
      return { ...entry, png: name };
    });
  }
  const frame: CapturedFrame = { index: report.frameIndex, report, thumbnails };
  if (operators !== undefined) frame.operators = operators;
  if (source.readMemory !== undefined && ask.memorySamples) {
    const reader = source.readMemory.bind(source);
    const options = signal !== undefined ? { index, signal } : { index };
    const plan = planSamples(decoded, memory.probe).filter((s) => kinds.includes(s.kind));
    const batch = source.readMemoryBatch?.bind(source);
    const taken = await readSamples(
      plan,
      (range) => reader(range, options),
      batch === undefined ? undefined : (ranges) => batch(ranges, options),
    );
    frame.memory = taken.map(({ kind, read }, k): MemorySampleEntry => {
      const { data, ...rest } = read;
      const bin = `${prefix}/memory-${k}-${kind}-plane-${read.plane ?? 'x'}.bin`;
      keep(bin, new Uint8Array(data));
      return { kind, bin, read: { ...rest, frameIndex: report.frameIndex } };
    });
  }
  return frame;
}

/** The stream info as stored: the source's file name instead of its path on this machine. */
function streamForCapture(info: StreamInfo): CaptureManifest['stream'] {
  return streamInfoSchema.parse({ ...info, path: info.path.split(/[\\/]/).pop() ?? info.path });
}
