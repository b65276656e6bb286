/**
 * The backend's budgets: how much memory it may hold for all its clients together, the largest picture it opens,
 * and how many frames a session holds. Only whoever starts the app sets them (command-line flags or the
 * environment of the backend process); no client can change them over the RPC.
 */
import { HOLD_FRAMES, PIXEL_BUDGET } from './vocabulary';

/** The budgets the backend runs with, and where they came from. */
export interface BackendBudgets {
  /**
   * Bytes the backend may hold at once, all clients together: each open file's charge (its decoder's reference
   * frames and threads and its held frames, reconciled with the memory measured after the open and after each frame
   * step), the decoder A/B's two decoders, open captures' decoded pictures, memory reads and answers being sent.
   */
  memoryBytes: number;
  /** The largest coded picture (width × height) a file may have before opening it is refused. */
  maxPixels: number;
  /** Frames a session holds (each reserved in the decoder's surface pool). */
  holdFrames: number;
  /** 'default' (derived from this machine's memory) or 'local' (set by whoever started the app). */
  source: 'default' | 'local';
}

/** Environment variables through which the parent process sets the budgets (serve mode's flags end up here). */
export const BUDGET_ENV = {
  memoryMiB: 'ZCI_MEMORY_BUDGET_MIB',
  maxPixels: 'ZCI_MAX_PIXELS',
  holdFrames: 'ZCI_HOLD_FRAMES',
} as const;

const MIB = 1_048_576;

/** The backend's memory budget, both ends included, in MiB. */
const MEMORY_BUDGET_MIB = { min: 256, max: 1_048_576 } as const;

/**
 * Bytes one pixel of a held frame may take at most: three full 16-bit planes (4:4:4, 10 to 16 bits). Only the
 * check that the budgets agree (readBudgets) uses it; an open is charged at its stream's real format
 * (electron/backend/open-charge.ts).
 */
const WORST_BYTES_PER_PIXEL = 6;

/**
 * The default memory budget: an eighth of this machine's memory, at least 512 MiB and at most 4 GiB (3 GiB of
 * 24 GiB). The budget holds what grows with use: each open file's charge (electron/backend/open-charge.ts: its
 * reference frames, its decoder threads' pictures and tables, its held frames), open captures, memory reads and
 * answers being sent. The floor holds the held frames of the largest picture the default pixel budget allows (two at
 * six bytes a pixel take 408 MiB, the agreement readBudgets checks), not that picture's whole decoder: an
 * 8192x4352 4:4:4 H.264 stream with 16 reference frames is charged over 2 GiB, and a smaller budget refuses it with
 * MEMORY_BUDGET_EXCEEDED before it is opened. 4 GiB holds many clients' 1080p files (each charged some tens of MiB
 * to a few hundred, with the decoder threads of a 16-core machine), so a larger machine gains nothing from a larger
 * share; a quarter (6 GiB of 24 GiB, with a process limit of 9 GiB) took memory the window, the decoder's device
 * buffers and the user's other programs need.
 */
export const DEFAULT_MEMORY_BUDGET = { share: 8, minBytes: 512 * MIB, maxBytes: 4_096 * MIB } as const;

/** The default memory budget of a machine with this much memory (DEFAULT_MEMORY_BUDGET). */
export function defaultMemoryBudget(totalMemoryBytes: number): number {
  const share = Math.floor(totalMemoryBytes / DEFAULT_MEMORY_BUDGET.share / MIB) * MIB;
  return Math.min(DEFAULT_MEMORY_BUDGET.maxBytes, Math.max(DEFAULT_MEMORY_BUDGET.minBytes, share));
}

/**
 * The room the supervisor leaves the backend over its budget, as a share of the budget: a quarter. The limit is
 * where whoever set the budget stops the process, so it stays near the budget; the old room (half the budget, at
 * least 1 GiB) let a 512 MiB budget grow to 1.5 GiB. A quarter covers what the budget does not count (Node itself,
 * the addon's and FFmpeg's libraries, CUDA's host memory: a backend with nothing open holds about 90 MiB) and what an
 * open grows past its charge before the next reconciliation measures it: the charge is held within a quarter of what
 * an open really holds (test/integration/open-charge.test.ts).
 */
export const PROCESS_HEADROOM_SHARE = 4;

/**
 * The process limit the supervisor enforces: the budget plus a quarter of it (PROCESS_HEADROOM_SHARE) for what the
 * budget does not count. Past it the backend is restarted before the kernel's OOM killer picks a process.
 */
export function processMemoryLimit(budgets: Pick<BackendBudgets, 'memoryBytes'>): number {
  return budgets.memoryBytes + Math.floor(budgets.memoryBytes / PROCESS_HEADROOM_SHARE);
}

/**
 * Bytes serve mode may hold in answers its clients have not read, all clients together: a quarter of the memory
 * budget, at least 64 MiB (one client's own cap). Each client may leave its share of it unread; past its share a
 * client is served no further until it reads (electron/serve/backlog.ts).
 */
export function unreadAnswerBudget(budgets: Pick<BackendBudgets, 'memoryBytes'>): number {
  return Math.max(64 * MIB, Math.floor(budgets.memoryBytes / 4));
}

/** Bytes a held frame of this coded size may take, at worst. */
export function heldFrameBytes(width: number, height: number): number {
  return width * height * WORST_BYTES_PER_PIXEL;
}

/** A budget value that could not be used. */
export class BudgetConfigError extends Error {
  override readonly name = 'BudgetConfigError';
}

function integerIn(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max)
    throw new BudgetConfigError(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
}

/**
 * Reads the budgets from the environment the parent gave; what is unset takes its default. Throws BudgetConfigError
 * when a value is malformed, out of range, or when the held frames at the pixel budget cannot fit the memory budget.
 */
export function readBudgets(
  env: Readonly<Record<string, string | undefined>>,
  totalMemoryBytes: number,
): BackendBudgets {
  const memory = env[BUDGET_ENV.memoryMiB];
  const pixels = env[BUDGET_ENV.maxPixels];
  const hold = env[BUDGET_ENV.holdFrames];
  const budgets: BackendBudgets = {
    memoryBytes:
      memory === undefined || memory === ''
        ? defaultMemoryBudget(totalMemoryBytes)
        : integerIn(BUDGET_ENV.memoryMiB, memory, MEMORY_BUDGET_MIB.min, MEMORY_BUDGET_MIB.max) * MIB,
    maxPixels:
      pixels === undefined || pixels === ''
        ? PIXEL_BUDGET.default
        : integerIn(BUDGET_ENV.maxPixels, pixels, PIXEL_BUDGET.min, PIXEL_BUDGET.max),
    holdFrames:
      hold === undefined || hold === '' ? 2 : integerIn(BUDGET_ENV.holdFrames, hold, HOLD_FRAMES.min, HOLD_FRAMES.max),
    source: [memory, pixels, hold].some((v) => v !== undefined && v !== '') ? 'local' : 'default',
  };
  const worst = budgets.holdFrames * heldFrameBytes(budgets.maxPixels, 1);
  if (worst > budgets.memoryBytes)
    throw new BudgetConfigError(
      `${budgets.holdFrames} held frames of ${budgets.maxPixels} pixels can take ${Math.ceil(worst / MIB)} MiB, more than the memory budget of ${budgets.memoryBytes / MIB} MiB: lower ${BUDGET_ENV.maxPixels} or ${BUDGET_ENV.holdFrames}, or raise ${BUDGET_ENV.memoryMiB}`,
    );
  return budgets;
}
