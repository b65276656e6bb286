/** The preview method of the RPC: an operator run on the client's current frame, its pictures as base64. */
import { RpcFailure, rpcError } from '../../common/envelope';
import { toWirePreview } from '../preview-wire';
import type { Handlers } from './types';

/** Builds the preview handler; it runs in the client's queue, after the frame it previews. */
export function createPreviewHandlers(): Pick<Handlers, 'preview'> {
  return {
    preview: async (params, { client }) =>
      client.serial(async () => {
        const session = client.current();
        if (session.preview === undefined) {
          throw new RpcFailure(
            rpcError(
              'OPERATOR_UNSUPPORTED',
              'A replayed capture holds only the previews it was saved with; operators need the video itself.',
              'Open the original video to run operators; the captured previews are shown with each frame.',
            ),
          );
        }
        return toWirePreview(params.op, await session.preview(params));
      }),
  };
}
