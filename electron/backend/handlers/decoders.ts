/**
 * Same frame, two decoders, over the RPC: the frame on screen decoded again by FFmpeg's software decoder and
 * compared with what the open file's decoder made (native compareDecoders), for the renderer's decoder A/B.
 */
import { CaptureSession } from '../../capture/capture-session';
import type { CompareDecoderA } from '../../../contract/decoder-compare';
import { RpcFailure, rpcError } from '../../../contract/envelope';
import type { DecodePath } from '../../../contract/vocabulary';
import { chargeComparison } from '../open-budget';
import type { BudgetedDeps, Handlers } from './types';

/** The decoder on side A: the one the open file is decoded with. */
function sideA(path: DecodePath): CompareDecoderA {
  return path === 'software' ? 'software' : path;
}

/** Builds the decoder comparison handler. */
export function createDecoderHandlers(deps: BudgetedDeps): Pick<Handlers, 'compareDecoders'> {
  return {
    compareDecoders: async ({ index }, { client }) =>
      client.cancellable((signal) =>
        client.serial(async () => {
          const session = client.current();
          const file = client.snapshot().lastFile;
          const compare = deps.addon?.compareDecoders;
          if (session instanceof CaptureSession || file === null) {
            throw new RpcFailure(
              rpcError(
                'OPERATOR_UNSUPPORTED',
                'A replayed capture holds reports and thumbnails, not the decoded frames two decoders can be compared on.',
                'Open the original video to compare its decoders.',
              ),
            );
          }
          if (compare === undefined) {
            throw new RpcFailure(rpcError('INTERNAL', 'This build of the addon cannot compare decoders.'));
          }
          // The two decoders it opens are charged as opens are, for as long as it runs.
          const charge = await chargeComparison(deps.memory, file, session.info, session.info.decodePath);
          try {
            return await compare(file, {
              frames: [index],
              decoderA: sideA(session.info.decodePath),
              device: deps.persistence.getSettings().device,
              signal,
              ...(deps.plant !== null && deps.plant !== undefined ? { plant: deps.plant } : {}),
            });
          } finally {
            charge.release();
          }
        }),
      ),
  };
}
