/**
 * The memory budget's side of a frame step of an open file (a show, the decode before a memory read, or a frame a
 * capture save gathers): before the step, what it may add is charged on top of what every client holds (each open
 * file's charge, reconciled with what was measured), and a step that would pass the budget is refused with
 * MEMORY_BUDGET_EXCEEDED before the addon decodes anything; after it, the file's charge is reconciled with the growth
 * measured over its open and its steps, as the open's is (resident-growth.ts: growth while other work overlapped is no
 * one's own, and is not counted). A file's charge never falls on a measured shrink: it keeps the most its open and
 * steps were measured to hold together (see Held).
 */
import { mibWords } from '../../wording/byte-words';
import { CAPTURE_MEMORY_BUDGETS } from '../../contract/capture';
import { PREVIEW_WIDTH, type PreviewParams } from '../../contract/preview';
import type { Charge, MemoryBudget } from './memory-budget';
import { maxPngBytes } from '../capture/png';
import { chargeWords, pictureBytes, type ChargeShape, type OpenCharge } from './open-charge';
import { measureGrowth } from './resident-growth';

/** What a file held open is known to hold: the model's charge for it as opened, and the growth measured so far. */
interface Held {
  readonly file: string;
  readonly shape: ChargeShape;
  readonly cost: OpenCharge;
  /**
   * The growth measured over its open and its steps (those no other work overlapped), less what a step shrank by:
   * what the file holds now, as far as the steps measured alone can say.
   */
  net: number;
  /**
   * The most net has been, never below zero: what the file is charged (beside the model's cost). It is not lowered
   * when a step measures a shrink, nor when memory is freed between steps (which no step measures): a shrink seen
   * during one file's step may be another client's memory or garbage collected, glibc gives small blocks back to the
   * system late and at times of its own (only large ones leave at once, the mmap threshold being fixed), and a
   * decoder that gave pictures back takes them again at the next seek. A file's charge falls when it is closed.
   */
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
  const net = grown ?? 0;
  heldFiles.set(charge, { file, shape, cost, net, measured: Math.max(0, net) });
}

/** What a step brings back besides the report. */
export interface StepAsk {
  thumbnailWidth?: number;
  previews?: readonly (Pick<PreviewParams, 'maxWidth'> & { op?: string })[];
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
  /**
   * Gives the step's charge back and reconciles its file's; kept: bytes the step made that are charged elsewhere (a
   * capture save's frames), which its measured growth does not count as the file's.
   */
  end(kept?: number): void;
}

/** Something a step charges beyond what it adds to its file: its bytes, the words for them and the refusal's remedy. */
interface StepExtra {
  bytes: number;
  words: string;
  remedy: string;
}

/**
 * Admits a step of the file charged as charge (what, in the refusal's words: "Frame 12 of a.mp4"): charges what
 * it may add, or throws MEMORY_BUDGET_EXCEEDED, decoding nothing, when that does not fit beside what every client
 * holds. The step's end sets the file's charge to the larger of the model's cost and the most the growth measured
 * over its open and every step measured alone has come to, even past the budget (the memory is held already: the
 * next step is refused).
 */
export function beginStep(memory: MemoryBudget, charge: Charge | null, what: string, ask: StepAsk): Step {
  return admitStep(memory, charge, what, ask, null);
}

function admitStep(
  memory: MemoryBudget,
  charge: Charge | null,
  what: string,
  ask: StepAsk,
  extra: StepExtra | null,
): Step {
  const held = charge === null ? undefined : heldFiles.get(charge);
  if (charge === null || held === undefined) return { end: () => undefined };
  const words = `${stepWords(held.shape, ask)}${extra === null ? '' : `, ${extra.words}`}`;
  const transient = memory.charge(
    stepBytes(held.shape, ask) + (extra?.bytes ?? 0),
    `${what}: ${words}, beside the ${mibWords(charge.bytes)} the file holds`,
    extra?.remedy ?? STEP_REMEDY,
  );
  const growth = measureGrowth();
  let ended = false;
  return {
    end: (kept = 0) => {
      if (ended) return;
      ended = true;
      const grown = growth.read();
      growth.end();
      transient.release();
      if (grown !== null) {
        held.net += grown - kept;
        held.measured = Math.max(held.measured, held.net);
      }
      const bytes = Math.max(held.cost.bytes, held.measured);
      const measured =
        held.measured > held.cost.bytes ? `; measured ${mibWords(held.measured)}, more than the model's` : '';
      charge.hold(bytes, `Holding ${held.file}: ${chargeWords(held.shape, held.cost)}${measured}`);
    },
  };
}

/** What a frame of a capture save asks: its step's thumbnails and previews, and whether it keeps memory samples. */
export interface SaveAsk extends StepAsk {
  memorySamples: boolean;
}

/** Preview pictures a capture keeps of one preview: the conversion's three (its own, the wrong and right wraps). */
function keptPictures(preview: { op?: string }): number {
  return preview.op === 'convert' ? 3 : 1;
}

/**
 * Bytes a capture save may keep of one frame until the capture is written, at most, from the stream's shape: a PNG
 * of each plane thumbnail (three, one for a grey stream), of each preview picture (RGB at its width), and the frame's
 * memory samples (CAPTURE_MEMORY_BUDGETS.frameBytes), each PNG at its worst (stored, not compressed).
 */
export function keptBytes(shape: ChargeShape, ask: SaveAsk): number {
  const png = (width: number, channels: 1 | 3): number => {
    const w = Math.min(width, shape.codedWidth);
    return maxPngBytes({ width: w, height: Math.ceil((shape.codedHeight * w) / shape.codedWidth), channels });
  };
  const thumbnails = ask.thumbnailWidth === undefined ? 0 : planesOf(shape) * png(ask.thumbnailWidth, 1);
  const previews = (ask.previews ?? []).reduce(
    (sum, p) => sum + keptPictures(p) * png(p.maxWidth ?? PREVIEW_WIDTH, 3),
    0,
  );
  return thumbnails + previews + (ask.memorySamples ? CAPTURE_MEMORY_BUDGETS.frameBytes : 0);
}

const SAVE_REMEDY =
  'Capture fewer frames, with a smaller thumbnail width or without memory samples, or close files or captures in other windows. Whoever starts the app can raise the budget (serve mode: --memory-budget).';

/** A capture save of an open file, charged frame by frame: what it keeps of the frames gathered so far. */
export interface SaveBudget {
  /**
   * Admits the save's step to frame index (its decode, thumbnails, previews and memory samples), with room for what
   * it may keep, or throws MEMORY_BUDGET_EXCEEDED before the addon decodes it; the step's end takes the bytes the
   * frame kept, which the save holds from then on.
   */
  frame(index: number, ask: SaveAsk): Step;
  /** Gives back what the save kept (the capture written, or refused); a second call does nothing. */
  release(): void;
}

/**
 * The budget of a capture save of the file charged as charge: each frame it gathers is a step of the file, admitted
 * and reconciled as a show's is, and charged besides twice what it may keep (its files, and their copy in the
 * capture's zip as it is written), the save holding twice what each frame did keep until it ends. The frame's kept
 * bytes are the save's, not the file's: its measured growth leaves them out. A capture being re-saved (replayed, the
 * stream's shape given as captured) decodes nothing: each of its frames is admitted with twice what it may keep, and
 * the save holds twice what each did keep, the same way.
 */
export function beginSave(
  memory: MemoryBudget,
  charge: Charge | null,
  file: string,
  captured: ChargeShape | null = null,
): SaveBudget {
  const held = charge === null ? undefined : heldFiles.get(charge);
  const shape = held?.shape ?? captured;
  const what = `Saving a capture of ${file}`;
  const keeps = shape === null ? null : memory.charge(0, what, SAVE_REMEDY);
  const keep = (kept: number): void => {
    keeps?.hold(
      keeps.bytes + 2 * kept,
      `${what}: ${mibWords(keeps.bytes + 2 * kept)} of frames kept and their copy in the capture`,
    );
  };
  return {
    frame: (index, ask) => {
      if (shape === null || keeps === null) return { end: () => undefined };
      const bound = 2 * keptBytes(shape, ask);
      if (held === undefined) {
        // A replayed frame: nothing decodes, only what it keeps is admitted, before it is gathered.
        const admitted = memory.charge(
          bound,
          `Frame ${index} of ${file}, for a capture: up to ${mibWords(bound)} it keeps until the capture is written, with the ${mibWords(keeps.bytes)} its earlier frames keep`,
          SAVE_REMEDY,
        );
        return {
          end: (kept = 0) => {
            admitted.release();
            keep(kept);
          },
        };
      }
      const extra = {
        bytes: bound,
        words: `up to ${mibWords(bound)} it keeps until the capture is written, with the ${mibWords(keeps.bytes)} its earlier frames keep`,
        remedy: SAVE_REMEDY,
      };
      const step = admitStep(memory, charge, `Frame ${index} of ${file}, for a capture`, ask, extra);
      return {
        end: (kept = 0) => {
          keep(kept);
          step.end(kept);
        },
      };
    },
    release: () => keeps?.release(),
  };
}

/** What the file charged as charge was measured to hold so far, and the model's cost of it; null for no open file. */
export function heldMeasure(charge: Charge): { measured: number; model: number } | null {
  const held = heldFiles.get(charge);
  return held === undefined ? null : { measured: held.measured, model: held.cost.bytes };
}
