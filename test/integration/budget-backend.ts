/**
 * The backend's handlers over the real addon with one memory budget, as the open-charge and memory-budget tests
 * measure it: every client a test makes is kept so it can be closed after, and the model's charge of an opened file
 * is read the way the backend reads it (its header, the open's stream info, two held frames). budgetFolders gives
 * each test of a suite its own folder of two copies of a clip and closes what the test opened.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { readBudgets } from '../../contract/budgets';
import type { StreamInfo } from '../../contract/report';
import { ClientSession } from '../../electron/backend/client-session';
import type { HandlerContext, Handlers } from '../../electron/backend/handlers/types';
import type { MemoryBudget } from '../../electron/backend/memory-budget';
import { openCharge } from '../../electron/backend/open-charge';
import { shapeOfInfo } from '../../electron/backend/open-budget';
import { teardownsSettled } from '../../electron/backend/resident-growth';
import { probeStreamShape } from '../../electron/backend/stream-shape';
import { fixture } from '../support/paths';
import { liveHandlers } from './live-handlers';

/** The frames a client holds in these tests. */
export const HELD_FRAMES = 2;

/** A backend and a maker of its clients. */
export interface BudgetBackend {
  handlers: Handlers;
  /** Writes what the backend's settings and recent files still have waiting (before their folder goes). */
  flush(): Promise<void>;
  /** A new client of the backend, kept in the list given to budgetBackend. */
  client(): HandlerContext;
}

/**
 * The handlers over the real addon, charging `memory`, with their config folder and working folder in `dir`; each
 * client made is pushed onto `clients` (close them after the test).
 */
export function budgetBackend(memory: MemoryBudget, dir: string, clients: ClientSession[]): BudgetBackend {
  const { handlers, persistence } = liveHandlers(dir, {
    budgets: { ...readBudgets({}, os.totalmem()), holdFrames: HELD_FRAMES, memoryBytes: memory.limitBytes },
    memory,
  });
  const client = (): HandlerContext => {
    const c = new ClientSession();
    clients.push(c);
    return { client: c, emit: vi.fn<HandlerContext['emit']>() };
  };
  return { handlers, client, flush: () => persistence.flush() };
}

/** Where each test of a budget suite runs: its own folder, and backends over it whose clients are closed after it. */
export interface BudgetFolder {
  /** The running test's folder: two copies of the clip, a.mp4 and b.mp4. */
  readonly dir: string;
  /** The handlers over the running test's folder, charging `memory`. */
  backend(memory: MemoryBudget): BudgetBackend;
}

/**
 * Sets each test of the calling suite in a fresh folder (named from `prefix`) holding two copies of the fixture
 * `clip`; after the test every client its backends made is closed, the addon's teardowns are waited for (the next
 * test's opens and steps are measured again) and the folder is removed.
 */
export function budgetFolders(clip: string, prefix: string): BudgetFolder {
  let dir = '';
  const clients: ClientSession[] = [];
  const backends: BudgetBackend[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    await copyFile(fixture(clip), path.join(dir, 'a.mp4'));
    await copyFile(fixture(clip), path.join(dir, 'b.mp4'));
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await teardownsSettled();
    // A close saves the recent files: their writes end before the folder goes, or one lands in it while it is removed.
    await Promise.all(backends.splice(0).map((b) => b.flush()));
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });
  return {
    get dir() {
      return dir;
    },
    backend: (memory) => {
      const made = budgetBackend(memory, dir, clients);
      backends.push(made);
      return made;
    },
  };
}

/** The model's charge of `file` as opened (its stream info) and decoded by `decodePath`: the least an open holds. */
export async function modelBytes(file: string, info: StreamInfo, decodePath = info.decodePath): Promise<number> {
  return openCharge(shapeOfInfo(info, await probeStreamShape(file)), decodePath, HELD_FRAMES).bytes;
}
