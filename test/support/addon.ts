/** The real native addon for unit tests, loaded as the backend loads it, with the clips it opens. */
import path from 'node:path';
import { loadAddon } from '../../electron/addon/load-addon';
import type { AddonModule } from '../../electron/addon/native';
import { addonLoaderPath } from '../../electron/addon/addon-path';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

const loaded = loadAddon(addonLoaderPath(ROOT));
if (loaded.addon === null)
  throw new Error(`The native addon did not load (npm run build:native): ${loaded.status.error}`);

/** The addon's exports (native/index.cjs). */
export const addon: AddonModule = loaded.addon;

/** How the backend reports the addon it loaded. */
export const addonStatus = loaded.status;

/** Absolute path of a committed fixture (test/fixtures/README.md). */
export function fixture(name: string): string {
  return path.join(ROOT, 'test', 'fixtures', name);
}

/** The bundled sample clip. */
export const SAMPLE = path.join(ROOT, 'assets', 'sample.mp4');

/** True when this machine has a CUDA device (operators then run instead of answering NO_CUDA_DEVICE). */
export const hasGpu = addon.environment().cuda.deviceCount > 0;
