/** The memory method of the RPC: a bounded byte range of a frame's memory, labelled by region, as bytes. */
import { MEMORY_READ_CAP } from '../../../contract/memory';
import { beginStep } from '../step-budget';
import type { BudgetedDeps, Handlers } from './types';

/**
 * Builds the memory handler. It names its frame: a video decodes it first when it is not the one held (one addon
 * call that decodes nothing when the session holds it last), then reads it; a capture answers from the bytes it kept
 * of the frame (or says which rows it lacks). It runs in the client's queue and is cancelled with the client's other
 * requests; charged before the work, whichever answers: the copy on the host and its place in the answer, at most
 * the read cap each. The decode before a video's read is a frame step, charged and reconciled as a show's is
 * (step-budget.ts).
 */
export function createMemoryHandlers(deps: Pick<BudgetedDeps, 'memory'>): Pick<Handlers, 'readMemory'> {
  return {
    readMemory: async ({ index, range }, ctx) =>
      ctx.client.cancellable((signal) =>
        ctx.client.serial(async () => {
          const source = ctx.client.current();
          const what = `A memory read of ${source.frameNoun} ${index}`;
          return deps.memory.during(2 * MEMORY_READ_CAP, what, async () => {
            const step = beginStep(deps.memory, ctx.client.heldCharge(), what, {});
            try {
              return await source.readFrameMemory(range, { index, signal });
            } finally {
              step.end();
            }
          });
        }),
      ),
  };
}
