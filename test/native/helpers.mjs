// Shared by the native tiers (CPU and GPU): the addon, fixture paths, and reading a frame's index band.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The addon's JS entry (native/index.cjs). */
export const addon = require(path.join(here, '..', '..', 'native', 'index.cjs'));

/** Absolute path of a committed fixture. */
export const fixture = (name) => path.join(here, '..', 'fixtures', name);

/** The bundled sample clip. */
export const sample = path.join(here, '..', '..', 'assets', 'sample.mp4');

/** True when this machine has a usable CUDA device. */
export const hasGpu = addon.environment().cuda.deviceCount > 0;

/** The frame index encoded in the top band of the current frame (8 columns, bit k bright = set). */
export async function bandIndex(session) {
  const [luma] = await session.thumbnails(512);
  const { width, height, data } = luma;
  const bandRows = session.info.height < 200 ? 32 : 64;
  const y = Math.floor(((bandRows / 4) * height) / session.info.height);
  let index = 0;
  for (let k = 0; k < 8; k++) {
    const x = Math.floor(((k + 0.5) * width) / 8);
    if (data[y * width + x] > 128) index |= 1 << k;
  }
  return index;
}

/** Rejection code of a promise (or of a thrown call). */
export async function codeOf(fn) {
  try {
    await fn();
  } catch (e) {
    return e.code;
  }
  return 'NO_ERROR';
}
