/**
 * The memory budget's side of a frame step of an open file (a show, or the decode before a memory read): before the
 * step, what it may add is charged on top of what every client holds (each open file's charge, reconciled with what
 * was measured), and a step that would pass the budget is refused with MEMORY_BUDGET_EXCEEDED before the addon
 * decodes anything; after it, the file's charge is reconciled with the growth measured over its open and its steps,
 * as the open's is (resident-growth.ts: growth while other work overlapped is no one's own, and is not counted).
 */
import { mibWords } from '../../wording/byte-words';
import { PREVIEW_WIDTH, type PreviewParams } from '../../contract/preview';
import type { Charge, MemoryBudget } from './memory-budget';
import { chargeWords, pictureBytes, type ChargeShape, type OpenCharge } from './open-charge';
import { measureGrowth } from './resident-growth';

/** What a file held open is known to hold: the model's charge for it as opened, and the growth measured so far. */
interface Held {
  readonly file: string;
  readonly shape: ChargeShape;
  readonly cost: OpenCharge;
  /** The growth measured over its open and its steps (those no other work overlapped), never below zero. */
  measured: number;
}

/** The files held open, by their charge on the budget (a capture's charge has none: its steps decode nothing). */
const heldFiles = new WeakMap<Charge, Held>();

/**
 * Notes an open reconciled: its file, its stream as opened, the model's cost for it, and the growth its open was
 * measured to take (null where other work overlapped it). Its steps are charged and reconciled from here on.
 */
export function noteOpened(
  charge: Charge,
  file: string,
  shape: ChargeShape,
  cost: OpenCharge,
  grown: number | null,
): void {
  heldFiles.set(charge, { file, shape, cost, measured: Math.max(0, grown ?? 0) });
}

/** What a step brings back besides the report. */
export interface StepAsk {
  thumbnailWidth?: number;
  previews?: readonly Pick<PreviewParams, 'maxWidth'>[];
}

/** Planes a plane thumbnail is made of, at most (three; a grey stream one). */
function planesOf(shape: ChargeShape): number {
  return shape.chromaFormat === 0 ? 1 : 3;
}

/** Bytes of a picture of the stream scaled to at most width wide, at bytesPerPixel. */
function scaledBytes(shape: ChargeShape, width: number, bytesPerPixel: number): number {
  const w = Math.min(width, shape.codedWidth);
  const h = Math.ceil((shape.codedHeight * w) / shape.codedWidth);
  return w * h * bytesPerPixel;
}

/**
 * Bytes a step may add to what its file holds until the step's reconciliation. Decoding adds nothing the file's
 * charge does not count already (the decoder's pictures: its references, one a thread, the held frames). What it
 * adds: with thumbnails, a grey picture of each plane at their width; with previews, one picture (the frame
 * downloaded, or converted, for the CPU reference) and, per preview, three RGB pictures at its width (its thumbnail,
 * the reference, the naive wrap).
 */
export function stepBytes(shape: ChargeShape, ask: StepAsk): number {
  const thumbnails = ask.thumbnailWidth === undefined ? 0 : planesOf(shape) * scaledBytes(shape, ask.thumbnailWidth, 1);
  const previews = ask.previews ?? [];
  const previewBytes =
    previews.length === 0
      ? 0
      : pictureBytes(shape) +
        previews.reduce((sum, p) => sum + 3 * scaledBytes(shape, p.maxWidth ?? PREVIEW_WIDTH, 3), 0);
  return thumbnails + previewBytes;
}

/** The words that say what a step is charged for. */
function stepWords(shape: ChargeShape, ask: StepAsk): string {
  const previews = ask.previews?.length ?? 0;
  const parts = [
    ...(ask.thumbnailWidth !== undefined ? [`plane thumbnails ${ask.thumbnailWidth} wide`] : []),
    ...(previews > 0
      ? [`${previews} operator preview(s) and the ${mibWords(pictureBytes(shape))} picture their reference converts`]
      : []),
  ];
  return parts.length === 0 ? 'the decode alone' : parts.join(', ');
}

const STEP_REMEDY =
  'Ask for fewer operator previews or smaller thumbnails, or close files or captures in other windows. Whoever starts the app can raise the budget (serve mode: --memory-budget).';

/** A step admitted: end() gives its charge back and reconciles its file's. */
export interface Step {
  end(): void;
}

/**
 * Admits a step of the file charged as charge (what, in the refusal's words: "Frame 12 of a.mp4"): charges what
 * it may add, or throws MEMORY_BUDGET_EXCEEDED, decoding nothing, when that does not fit beside what every client
 * holds. The step's end sets the file's charge to the larger of the model's cost and the growth measured over its
 * open and every step measured alone, even past the budget (the memory is held already: the next step is refused).
 */
export function beginStep(memory: MemoryBudget, charge: Charge | null, what: string, ask: StepAsk): Step {
  const held = charge === null ? undefined : heldFiles.get(charge);
  if (charge === null || held === undefined) return { end: () => undefined };
  const transient = memory.charge(
    stepBytes(held.shape, ask),
    `${what}: ${stepWords(held.shape, ask)}, beside the ${mibWords(charge.bytes)} the file holds`,
    STEP_REMEDY,
  );
  const growth = measureGrowth();
  let ended = false;
  return {
    end: () => {
      if (ended) return;
      ended = true;
      const grown = growth.read();
      growth.end();
      transient.release();
      if (grown !== null) held.measured = Math.max(0, held.measured + grown);
      const bytes = Math.max(held.cost.bytes, held.measured);
      const measured =
        held.measured > held.cost.bytes ? `; measured ${mibWords(held.measured)}, more than the model's` : '';
      charge.hold(bytes, `Holding ${held.file}: ${chargeWords(held.shape, held.cost)}${measured}`);
    },
  };
}

/** What the file charged as charge was measured to hold so far, and the model's cost of it; null for no open file. */
export function heldMeasure(charge: Charge): { measured: number; model: number } | null {
  const held = heldFiles.get(charge);
  return held === undefined ? null : { measured: held.measured, model: held.cost.bytes };
}
