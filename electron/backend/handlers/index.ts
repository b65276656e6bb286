/** Assembles the backend's RPC handlers, one per method of the contract; a missing one fails to compile. */
import { createCaptureHandlers } from './capture';
import { createDecoderHandlers } from './decoders';
import { createEnvironmentHandlers } from './environment';
import { createFileHandlers } from './files';
import { createFrameHandlers } from './frames';
import { createMemoryHandlers } from './memory';
import { createSettingsHandlers } from './settings';
import type { BackendDeps, Handlers } from './types';

/** Builds every handler over the backend's shared dependencies. */
export function createHandlers(deps: BackendDeps): Handlers {
  return {
    ...createEnvironmentHandlers(deps),
    ...createFileHandlers(deps),
    ...createFrameHandlers(deps),
    ...createMemoryHandlers(),
    ...createSettingsHandlers(deps),
    ...createCaptureHandlers(deps, deps.app ?? { name: 'zerocopy-inspector', version: 'unknown' }),
    ...createDecoderHandlers(deps),
  };
}
