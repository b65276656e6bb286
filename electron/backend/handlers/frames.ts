/**
 * The one frame method of the RPC: the addon's show, with the target and options it was asked, plus the backend's
 * bookkeeping (latest wins, cancel, the proof setting, the step charged before it and reconciled after it on the
 * memory budget, the frame noted as viewed, the answer through the wire encoder).
 */
import { withStepLedger } from '../../../contract/ledger';
import type { ShowResult, ShowTarget } from '../../../contract/show';
import type { ClientSession } from '../client-session';
import { toWireShow } from '../show-wire';
import { beginStep } from '../step-budget';
import type { BackendDeps, BudgetedDeps, Handlers } from './types';

/** Notes the frame shown, for captures of the visited frames (as captures store it: with its step's ledger), for
 * recents and for a restart. */
function noteViewed(deps: BackendDeps, client: ClientSession, answer: ShowResult): void {
  client.viewed(answer.report.frameIndex, withStepLedger(answer));
  const file = client.snapshot().lastFile;
  if (file !== null) deps.persistence.viewed(file, answer.report.frameIndex);
}

/** The step's name in a refusal: "Frame 12 of /videos/a.mp4", "The frame at 2.5 s of /videos/a.mp4". */
function stepName(target: ShowTarget, file: string | null): string {
  const frame = 'index' in target ? `Frame ${target.index}` : `The frame at ${target.seconds} s`;
  return file === null ? frame : `${frame} of ${file}`;
}

/**
 * Builds the show handler; it runs in the client's queue, the proof on unless the call or the settings say not. A
 * step of an open video is charged before the addon decodes (step-budget.ts): past the budget it is refused with
 * MEMORY_BUDGET_EXCEEDED and the decoder never sees it; after it, the file's charge follows the growth measured.
 */
export function createFrameHandlers(deps: BudgetedDeps): Pick<Handlers, 'show'> {
  return {
    show: async ({ target, options = {} }, { client }) =>
      client.cancellable((signal) =>
        client.latest(async () => {
          const proof = options.proof ?? deps.persistence.getSettings().proof;
          const source = client.current();
          const step = beginStep(
            deps.memory,
            client.heldCharge(),
            stepName(target, client.snapshot().lastFile),
            options,
          );
          let result: ShowResult;
          try {
            result = await source.show(target, { ...options, proof, signal });
          } finally {
            step.end();
          }
          noteViewed(deps, client, result);
          return toWireShow(result);
        }),
      ),
  };
}
