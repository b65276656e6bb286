/** The memory method of the RPC: a bounded byte range of a frame's memory, labelled by region, as bytes. */
import { MEMORY_READ_CAP } from '../../../contract/memory';
import type { BudgetedDeps, Handlers } from './types';

/**
 * Builds the memory handler. It names its frame: a video decodes it first when it is not the one held (one addon
 * call that decodes nothing when the session holds it last), then reads it; a capture answers from the bytes it kept
 * of the frame (or says which rows it lacks). It runs in the client's queue and is cancelled with the client's other
 * requests; charged before the work, whichever answers: the copy on the host and its place in the answer, at most
 * the read cap each.
 */
export function createMemoryHandlers(deps: Pick<BudgetedDeps, 'memory'>): Pick<Handlers, 'readMemory'> {
  return {
    readMemory: async ({ index, range }, ctx) =>
      ctx.client.cancellable((signal) =>
        ctx.client.serial(async () => {
          const source = ctx.client.current();
          return deps.memory.during(2 * MEMORY_READ_CAP, `A memory read of ${source.frameNoun} ${index}`, () =>
            source.readFrameMemory(range, { index, signal }),
          );
        }),
      ),
  };
}
