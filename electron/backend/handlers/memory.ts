/** The memory method of the RPC: a bounded byte range of a frame's memory, labelled by region, as base64. */
import type { FrameSource, Session } from '../../addon/native';
import { RpcFailure, rpcError } from '../../../contract/envelope';
import { CaptureSession } from '../../capture/capture-session';
import { toWireMemoryRead } from '../memory-wire';
import { MEMORY_READ_CAP } from '../../../contract/memory';
import type { BudgetedDeps, Handlers } from './types';

/** An open file whose frames' memory can be read: the addon's Session (a replayed capture holds no memory). */
type MemoryReader = FrameSource & Pick<Session, 'readMemory'>;

function canReadMemory(session: FrameSource): session is MemoryReader {
  return typeof (session as Partial<MemoryReader>).readMemory === 'function';
}

/**
 * Builds the memory handler. It names its frame: when the client's frame is not index, that frame is decoded first
 * (one addon call that decodes nothing when the session holds it last); then the read names the frame to the addon,
 * which refuses a frame it does not hold.
 * It runs in the client's queue and is cancelled with the client's other requests; its bytes are charged to the
 * backend's memory budget while it runs, whether a live frame or a capture answers it.
 */
export function createMemoryHandlers(deps: Pick<BudgetedDeps, 'memory'>): Pick<Handlers, 'readMemory'> {
  return {
    readMemory: async ({ index, range }, ctx) =>
      ctx.client.cancellable((signal) =>
        ctx.client.serial(async () => {
          const session = ctx.client.current();
          // A capture answers from the bytes it kept of the frame (or says which rows it lacks), charged as a live
          // read is: its copy of the sample's bytes and its place in the answer, at most the read cap each.
          if (session instanceof CaptureSession)
            return deps.memory.during(2 * MEMORY_READ_CAP, `A memory read of captured frame ${index}`, () =>
              session.readMemory(range, { index }),
            );
          if (!canReadMemory(session)) {
            throw new RpcFailure(
              rpcError(
                'MEMORY_ALLOCATION_UNKNOWN',
                "A replayed capture holds the frames' reports and pictures, not their memory.",
                'Open the original video to read the bytes of its frames.',
              ),
            );
          }
          // The frame it names: shown first (decoding nothing when the session holds it last), then read.
          // Charged before the work: the copy on the host and its place in the answer, at most the read cap each.
          return deps.memory.during(2 * MEMORY_READ_CAP, `A memory read of frame ${index}`, async () => {
            await session.show({ index }, { proof: false, signal });
            return toWireMemoryRead(await session.readMemory(range, { index, signal }));
          });
        }),
      ),
  };
}
