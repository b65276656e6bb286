/**
 * The memory budget's side of opening a file and of the decoder A/B: the cost model's charge (open-charge.ts) is made
 * before the addon opens anything, and after the open it is reconciled with what the open really took, so the next
 * step of any client is refused once the backend holds its budget; the file's frame steps are charged and reconciled
 * from there (step-budget.ts). The addon reports no per-process device memory, so the reconciliation measures the
 * process's resident memory (resident-growth.ts); device memory is charged by the model alone.
 */
import { stat } from 'node:fs/promises';
import { mibWords } from '../../wording/byte-words';
import type { StreamInfo } from '../../contract/report';
import type { DecodeMode, DecodePath } from '../../contract/vocabulary';
import type { Charge, MemoryBudget } from './memory-budget';
import { chargeBeforeOpen, chargeWords, chromaOfPixelFormat, openCharge, type ChargeShape } from './open-charge';
import { measureGrowth } from './resident-growth';
import { noteOpened } from './step-budget';
import { probeStreamShape, type StreamShape } from './stream-shape';

export { asProcessWork, residentBytes } from './resident-growth';

/** How many files' reconciled charges are remembered. */
const LEARNED_FILES = 256;

/**
 * What the open of a file whose header is not read was charged once reconciled, by path, size and modification time:
 * a next open of the same file is charged that much before it is made, so such a file is opened once past the
 * budget, not once per request.
 */
const learned = new Map<string, number>();

async function fileKey(file: string): Promise<string | null> {
  try {
    const s = await stat(file);
    return `${file}\0${s.size}\0${s.mtimeMs}`;
  } catch {
    return null;
  }
}

function learn(key: string | null, bytes: number): void {
  if (key === null) return;
  learned.delete(key);
  learned.set(key, bytes);
  if (learned.size > LEARNED_FILES) learned.delete(learned.keys().next().value as string);
}

/** Whether the backend's warm-up made a CUDA context (null until it has answered). */
let cudaWarm: boolean | null = null;

/** Notes what the backend's warm-up found: with no CUDA device, an open in auto mode is charged as software. */
export function noteWarmUp(result: { cuda: boolean }): void {
  cudaWarm = result.cuda;
}

/** The model's shape of an opened stream: the addon's facts, and the DPB the file's parameter set gave. */
export function shapeOfInfo(info: StreamInfo, probed: StreamShape | null): ChargeShape {
  return {
    codec: info.codec,
    codedWidth: info.codedWidth,
    codedHeight: info.codedHeight,
    chromaFormat: chromaOfPixelFormat(info.pixelFormat),
    bitDepth: info.bitDepth,
    dpbFrames: probed !== null && probed.codec === info.codec ? probed.dpbFrames : null,
  };
}

/** An open charged before it is made, to be reconciled once the addon answers. */
export interface PendingOpen {
  readonly charge: Charge;
  /**
   * Sets the charge to the larger of the model for the stream as opened (its decode path, its real format) and the
   * resident memory the open took; throws MEMORY_BUDGET_EXCEEDED (the charge unchanged) when that does not fit.
   */
  reconcile(info: StreamInfo): void;
  /** Ends the open's measurement, opened or not (a second call does nothing). */
  settle(): void;
}

/**
 * Charges an open of file before it is made: the model's cost when its header can be read, else the frames it will
 * hold at the worst bytes per pixel (and the rest once the open says what the stream is). Throws
 * MEMORY_BUDGET_EXCEEDED, opening nothing, when the charge does not fit.
 */
export async function chargeOpen(
  memory: MemoryBudget,
  file: string,
  mode: DecodeMode,
  heldFrames: number,
  maxPixels: number,
): Promise<PendingOpen> {
  const probed = await probeStreamShape(file);
  const key = await fileKey(file);
  // A header over the pixel budget is the addon's to refuse (MEDIA_TOO_LARGE), with its own words.
  const known = probed !== null && probed.codedWidth * probed.codedHeight <= maxPixels ? probed : null;
  // A container the probe does not read is charged nothing until the addon says what the stream is (the
  // supervisor's process limit bounds that one open meanwhile), or what its last open was charged.
  const cost = known === null ? null : chargeBeforeOpen(known, mode, heldFrames, cudaWarm);
  const learnedBytes = key === null || known !== null ? undefined : learned.get(key);
  const bytes = Math.max(cost?.bytes ?? 0, learnedBytes ?? 0);
  const why =
    known !== null && cost !== null
      ? `Opening ${file}: ${chargeWords(known, cost)}`
      : learnedBytes !== undefined
        ? `Opening ${file} (as much as its last open held)`
        : `Opening ${file} (a container whose header is read once it is open)`;
  const charge = memory.charge(bytes, why);
  const growth = measureGrowth();
  return {
    charge,
    settle: () => growth.end(),
    reconcile: (info) => {
      const shape = shapeOfInfo(info, probed);
      const cost = openCharge(shape, info.decodePath, heldFrames);
      const read = growth.read();
      const grown = Math.max(0, read ?? 0);
      const bytes = Math.max(cost.bytes, grown);
      const measured = grown > cost.bytes ? `; the open took ${mibWords(grown)}, more than the model's` : '';
      if (known === null) learn(key, bytes); // a header read is charged by the model; only the rest is learned
      charge.resize(bytes, `Holding ${file}: ${chargeWords(shape, cost)}${measured}`);
      noteOpened(charge, file, shape, cost, read);
    },
  };
}

/**
 * Charges the decoder A/B's two decoders (side A on the open file's path, side B FFmpeg's software decoder, each with
 * the addon's default of two held frames) for as long as the comparison runs. Their growth is no open's or step's:
 * while the charge is held, an open or a step that runs beside it counts no growth of its own (resident-growth.ts).
 */
export async function chargeComparison(
  memory: MemoryBudget,
  file: string,
  info: StreamInfo,
  sideA: DecodePath,
): Promise<Charge> {
  const shape = shapeOfInfo(info, await probeStreamShape(file));
  const held = 2;
  const a = openCharge(shape, sideA, held);
  const b = openCharge(shape, 'software', held);
  const charge = memory.charge(a.bytes + b.bytes, `Comparing two decoders of ${file}: twice ${chargeWords(shape, b)}`);
  const growth = measureGrowth();
  return {
    get bytes() {
      return charge.bytes;
    },
    get what() {
      return charge.what;
    },
    resize: (bytes, what) => charge.resize(bytes, what),
    hold: (bytes, what) => charge.hold(bytes, what),
    release: () => {
      growth.end();
      charge.release();
    },
  };
}
