/**
 * Same frame, two decoders, over the RPC: the frame on screen decoded again by FFmpeg's software decoder and
 * compared with what the open file's decoder made (native compareDecoders), for the renderer's decoder A/B.
 */
import { RpcFailure, rpcError } from '../../../contract/envelope';
import { chargeComparison } from '../open-budget';
import type { BudgetedDeps, Handlers } from './types';

/** Builds the decoder comparison handler. */
export function createDecoderHandlers(deps: BudgetedDeps): Pick<Handlers, 'compareDecoders'> {
  return {
    compareDecoders: async ({ index }, { client }) =>
      client.cancellable((signal) =>
        client.serial(async () => {
          // The file and its decoder (side A); a capture refuses here, with its own error.
          const source = client.current();
          const { file, decoderA } = source.decoderComparison();
          const compare = deps.addon?.compareDecoders;
          if (compare === undefined) {
            throw new RpcFailure(rpcError('INTERNAL', 'This build of the addon cannot compare decoders.'));
          }
          // The two decoders it opens are charged as opens are, for as long as it runs.
          const charge = await chargeComparison(deps.memory, file, source.info, source.info.decodePath);
          try {
            return await compare(file, {
              frames: [index],
              decoderA,
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
