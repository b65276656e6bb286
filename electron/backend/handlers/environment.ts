/** The environment method of the RPC: the addon's probe of the machine, and facts about the backend process. */
import type { EnvironmentReport } from '../../../contract/environment';
import { asProcessWork } from '../open-budget';
import type { BudgetedDeps, Handlers } from './types';

/** Builds the environment handler; a probe that throws is reported in the addon's status, not as a failure. */
export function createEnvironmentHandlers(deps: BudgetedDeps): Pick<Handlers, 'environment'> {
  return {
    environment: async () => {
      let report: EnvironmentReport | null = null;
      let status = deps.addonStatus;
      if (deps.addon !== null) {
        try {
          // Loading CV-CUDA must not stall the JS thread, nor count as an open's growth.
          report = await asProcessWork(deps.addon.environmentAsync());
        } catch (error) {
          status = { ...status, error: `environmentAsync() failed: ${String(error)}` };
        }
      }
      return {
        addon: status,
        report,
        backend: { pid: process.pid, startedAt: deps.startedAt.toISOString(), node: process.versions.node },
        samplePath: deps.samplePath,
        ffmpeg: { available: [...(deps.ffmpeg?.available ?? ['system'])], loaded: deps.ffmpeg?.loaded ?? null },
        budgets: { ...deps.budgets, memoryUsedBytes: deps.memory.usedBytes },
      };
    },
  };
}
