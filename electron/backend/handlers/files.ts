/** The file methods of the RPC: open a video, close it, the recent files and the bundled sample. */
import { resolveUserPath } from '../../app/user-path';
import { RpcFailure, rpcError } from '../../../contract/envelope';
import { heldFrameBytes, mibWords } from '../../../contract/budgets';
import type { BackendDeps, BudgetedDeps, Handlers } from './types';

/** The addon, or INTERNAL with a remedy when it could not be loaded. */
function requireAddon(deps: BackendDeps): NonNullable<BackendDeps['addon']> {
  if (deps.addon === null) {
    throw new RpcFailure(
      rpcError(
        'INTERNAL',
        `The native addon could not be loaded: ${deps.addonStatus.error ?? 'unknown reason'}`,
        'Build it with npm run build:native (needs FFmpeg development packages and the CUDA toolkit).',
      ),
    );
  }
  return deps.addon;
}

/** Builds the file handlers; opening runs in the client's queue and replaces what the client had open. */
export function createFileHandlers(
  deps: BudgetedDeps,
): Pick<Handlers, 'open' | 'close' | 'cancel' | 'listRecent' | 'samplePath'> {
  return {
    open: async ({ path, options }, { client, emit }) =>
      client.cancellable((signal) =>
        client.serial(async () => {
          const addon = requireAddon(deps);
          await deps.paths.check(path, deps.cwd);
          const file = await resolveUserPath(path, deps.cwd);
          const settings = deps.persistence.getSettings();
          emit('progress', { stage: 'opening', message: `Opening ${file}`, fraction: null });
          try {
            const session = await addon.Session.open(file, {
              decode: settings.decode,
              device: settings.device,
              ...(settings.operatorDevice !== null ? { operatorDevice: settings.operatorDevice } : {}),
              peerAccess: settings.peerAccess,
              ledger: settings.ledger,
              unsafeOutput: settings.unsafeOutput,
              ...options,
              holdFrames: deps.budgets.holdFrames,
              maxPixels: deps.budgets.maxPixels,
              signal,
            });
            // The frames it will hold are charged before any is decoded; past the budget the file is closed again.
            const held = deps.budgets.holdFrames * heldFrameBytes(session.info.codedWidth, session.info.codedHeight);
            try {
              client.replace(
                session,
                file,
                deps.memory.charge(
                  held,
                  `Holding ${deps.budgets.holdFrames} frames of ${file} (at most ${mibWords(held)})`,
                ),
              );
            } catch (error) {
              session.close({ background: true });
              throw error;
            }
            deps.persistence.opened(file);
            return { info: session.info };
          } finally {
            emit('progress', { stage: 'done', message: '', fraction: 1 });
          }
        }),
      ),
    // Not queued: it must reach the requests the queue holds.
    cancel: async (_params, { client }) => ({ cancelled: client.cancel() }),
    close: async (_params, { client }) => client.serial(async () => ({ closed: client.close() })),
    listRecent: async () => deps.persistence.listRecent(),
    samplePath: async () => ({ path: deps.samplePath }),
  };
}
