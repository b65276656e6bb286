/** The file methods of the RPC: open a video, close it, the recent files and the bundled sample. */
import { stat } from 'node:fs/promises';
import { resolveUserPath } from '../../app/user-path';
import { RpcFailure, rpcError } from '../../../contract/envelope';
import { chargeOpen } from '../open-budget';
import { LiveSource } from '../live-source';
import { SourceHasher } from '../source-hash';
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
): Pick<Handlers, 'open' | 'close' | 'cancel' | 'listRecent' | 'samplePath' | 'sourceHash'> {
  const hasher = deps.sourceHasher ?? new SourceHasher();
  return {
    open: async ({ path, options }, { client, emit }) =>
      client.cancellable((signal) =>
        client.serial(async () => {
          const addon = requireAddon(deps);
          await deps.paths.check(path, deps.cwd);
          const file = await resolveUserPath(path, deps.cwd);
          const settings = deps.persistence.getSettings();
          // Charged before the addon opens anything (open-budget.ts); past the budget nothing is opened.
          const pending = await chargeOpen(
            deps.memory,
            file,
            options?.decode ?? settings.decode,
            deps.budgets.holdFrames,
            deps.budgets.maxPixels,
          );
          emit('progress', { stage: 'opening', message: `Opening ${file}`, fraction: null });
          try {
            // The file as the addon is about to read it: its hash, taken later, is refused if it changes from this.
            const atOpen = await stat(file).catch((error: unknown) => {
              throw new RpcFailure(rpcError('FILE_NOT_FOUND', `${file} went away as it was opened: ${String(error)}`));
            });
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
            // Reconciled with what the open took; past the budget the file is closed again.
            try {
              pending.reconcile(session.info);
              client.replace(
                new LiveSource(session, file, (stop) => hasher.start(file, atOpen, stop)),
                file,
                pending.charge,
              );
            } catch (error) {
              // Closed before its charge is given back: a background close would let the next open overlap it.
              session.close();
              throw error;
            }
            deps.persistence.opened(file);
            return { info: session.info };
          } catch (error) {
            pending.charge.release();
            throw error;
          } finally {
            pending.settle();
            emit('progress', { stage: 'done', message: '', fraction: 1 });
          }
        }),
      ),
    // Not queued: it must reach the requests the queue holds.
    cancel: async (_params, { client }) => ({ cancelled: client.cancel() }),
    close: async (_params, { client }) => client.serial(async () => ({ closed: client.close() })),
    // Not queued: it answers at once, with the hash or with how far the reading has come.
    sourceHash: async (_params, { client }) => {
      const source = client.current();
      if (!(source instanceof LiveSource)) {
        throw new RpcFailure(
          rpcError(
            'INVALID_ARGUMENT',
            "A capture is open: its source file's SHA-256 is in the capture's summary, recorded when it was saved.",
            'Ask for the hash of a video open live only.',
          ),
        );
      }
      return source.hash.answer();
    },
    listRecent: async () => deps.persistence.listRecent(),
    samplePath: async () => ({ path: deps.samplePath }),
  };
}
