/** Assembles the backend's RPC handlers, one per method of the contract; a missing one fails to compile. */
import { createCaptureHandlers } from './capture';
import { createDecoderHandlers } from './decoders';
import { createEnvironmentHandlers } from './environment';
import { createFileHandlers } from './files';
import { createFrameHandlers } from './frames';
import { createMemoryHandlers } from './memory';
import { createSettingsHandlers } from './settings';
import os from 'node:os';
import { readBudgets } from '../../../contract/budgets';
import { MemoryBudget } from '../memory-budget';
import type { BackendDeps, BudgetedDeps, Handlers } from './types';

/** Builds every handler over the backend's shared dependencies. */
export function createHandlers(given: BackendDeps): Handlers {
  const budgets = given.budgets ?? readBudgets({}, os.totalmem());
  const deps: BudgetedDeps = { ...given, budgets, memory: given.memory ?? new MemoryBudget(budgets.memoryBytes) };
  return {
    ...createEnvironmentHandlers(deps),
    ...createFileHandlers(deps),
    ...createFrameHandlers(deps),
    ...createMemoryHandlers(deps),
    ...createSettingsHandlers(deps),
    ...createCaptureHandlers(deps, deps.app ?? { name: 'zerocopy-inspector', version: 'unknown' }),
    ...createDecoderHandlers(deps),
  };
}
