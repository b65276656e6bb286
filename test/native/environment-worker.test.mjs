// The environment worker (native/src/binding/environment_worker.cc) rejects its promise when the probe throws: the
// binding's test addon (native/test/binding, built with the C++ tests) queues the addon's own worker with a probe that
// throws, as environmentAsync() and warmUp() queue it with the real one. A worker without its error path leaves the
// promise pending for ever; here that is a failure after a deadline, never a hang.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const choice = process.env.ZCI_FFMPEG || 'system';
const build = choice === 'system' ? 'native/build' : `native/build-ffmpeg-${choice.replace(/-patched$/, '')}`;
const binary = path.join(root, build, 'tests/zci_binding_tests.node');
// Where the addon was built here, the test addon was built with it; a bundle that carries only the addon has none.
const builtHere = fs.existsSync(path.join(root, build, 'CMakeCache.txt'));
const skip = !builtHere && `${build} is no build folder of this machine`;

/** The test addon, loaded once (it is another copy of the core: the addon itself is not loaded beside it). */
function testAddon() {
  assert.ok(fs.existsSync(binary), `${binary} is missing: the addon's build makes it (ZCI_NATIVE_TESTS)`);
  return createRequire(import.meta.url)(binary);
}

/** The promise, or a rejection saying it was still pending after ms. */
function settledWithin(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still pending after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

for (const [name, options] of [
  ['environmentAsync', {}],
  ['warmUp', { warm: true }],
]) {
  test(`a probe that throws an InspectorError rejects ${name}'s promise with its code, message and remedy`, { skip }, async () => {
    const probe = testAddon().probe('inspector-error', options);
    await assert.rejects(settledWithin(probe, 10_000, name), {
      code: 'CUDA_ERROR',
      message: /the driver refused it/,
      remedy: 'Check nvidia-smi.',
    });
  });

  test(`a probe that throws anything else rejects ${name}'s promise as INTERNAL`, { skip }, async () => {
    const probe = testAddon().probe('std-exception', options);
    await assert.rejects(settledWithin(probe, 10_000, name), { code: 'INTERNAL', message: /plain exception/ });
  });
}

test('the same worker answers a probe that works (the hook runs the real worker, not a stand-in)', { skip }, async () => {
  const report = await settledWithin(testAddon().probe('none', {}), 60_000, 'environmentAsync');
  assert.equal(report.addonVersion, 'test');
  assert.equal(typeof report.ffmpeg.version, 'string');
  const warm = await settledWithin(testAddon().probe('none', { warm: true, libraries: false }), 60_000, 'warmUp');
  assert.equal(typeof warm.cuda, 'boolean');
  assert.match(warm.reason, /kept for every open|no CUDA device 0/);
});
