/** The real native addon for integration tests, loaded as the backend loads it. */
import { addonLoaderPath } from '../../../electron/addon/addon-path';
import { loadAddon } from '../../../electron/addon/load-addon';
import type { AddonModule } from '../../../electron/addon/native';
import { ROOT } from '../paths';

const loaded = loadAddon(addonLoaderPath(ROOT));
if (loaded.addon === null)
  throw new Error(`The native addon did not load (npm run build:native): ${loaded.status.error}`);

/** The addon's exports (native/index.cjs). */
export const addon: AddonModule = loaded.addon;

/** How the backend reports the addon it loaded. */
export const addonStatus = loaded.status;

/** True when this machine has a CUDA device (operators then run instead of answering NO_CUDA_DEVICE). */
export const hasGpu = addon.environment().cuda.deviceCount > 0;
