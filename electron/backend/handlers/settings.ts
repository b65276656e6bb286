/** The settings methods of the RPC: read and change the persisted settings. */
import { RpcFailure, rpcError } from '../../../contract/envelope';
import type { BackendDeps, Handlers } from './types';

/** Builds the settings handlers; the library path is read here but set only by the desktop app's main process. */
export function createSettingsHandlers(deps: BackendDeps): Pick<Handlers, 'getSettings' | 'setSettings'> {
  return {
    getSettings: async () => deps.persistence.getSettings(),
    // The ledger switch reaches the file open now, not only the next one.
    setSettings: async (patch, { client }) => {
      // Only an FFmpeg whose addon variant is here: a choice the next start cannot load would leave it without one.
      const available = deps.ffmpeg?.available ?? ['system'];
      if (patch.ffmpeg !== undefined && !available.includes(patch.ffmpeg))
        throw new RpcFailure(
          rpcError(
            'INVALID_ARGUMENT',
            `FFmpeg ${patch.ffmpeg} is not built into this installation (here: ${available.join(', ')}).`,
            'Build its addon variant (npm run build:native:ffmpeg7 for 7.1, build:native:ffmpeg9 for 9.0, each with -patched for the fixed one), or keep the system FFmpeg.',
          ),
        );
      const settings = deps.persistence.setSettings(patch);
      // Answered once saved: a choice read at the next start (the FFmpeg) must survive a backend that dies right after.
      await deps.persistence.flush();
      const on = patch.ledger;
      if (on !== undefined) await client.serial(async () => client.switchLedger(on));
      return settings;
    },
  };
}
