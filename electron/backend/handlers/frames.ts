/**
 * The one frame method of the RPC: the addon's show, with the target and options it was asked, plus the backend's
 * bookkeeping (latest wins, cancel, the proof setting, the frame noted as viewed, the answer through the wire
 * encoder).
 */
import { withStepLedger } from '../../../contract/ledger';
import type { ShowResult } from '../../../contract/show';
import type { ClientSession } from '../client-session';
import { toWireShow } from '../show-wire';
import type { BackendDeps, Handlers } from './types';

/** Notes the frame shown, for captures of the visited frames (as captures store it: with its step's ledger), for
 * recents and for a restart. */
function noteViewed(deps: BackendDeps, client: ClientSession, answer: ShowResult): void {
  client.viewed(answer.report.frameIndex, withStepLedger(answer));
  const file = client.snapshot().lastFile;
  if (file !== null) deps.persistence.viewed(file, answer.report.frameIndex);
}

/** Builds the show handler; it runs in the client's queue, the proof on unless the call or the settings say not. */
export function createFrameHandlers(deps: BackendDeps): Pick<Handlers, 'show'> {
  return {
    show: async ({ target, options = {} }, { client }) =>
      client.cancellable((signal) =>
        client.latest(async () => {
          const proof = options.proof ?? deps.persistence.getSettings().proof;
          const result = await client.current().show(target, { ...options, proof, signal });
          noteViewed(deps, client, result);
          return toWireShow(result);
        }),
      ),
  };
}
