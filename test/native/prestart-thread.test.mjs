// The prestart library's thread (native/src/prestart/prestart.c) against a stand-in driver (native/test/prestart/
// fake_cuda.c, 30 ms a call): preloaded into a Node whose script is named as the command line's, it initialises the
// driver and retains the context of the device the arguments name, before and beside Node's start, and the addon's
// prestart() reads its marks on the clock Node's performance marks use. A failing call ends it silently.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const build = path.join(root, 'native/build');
const library = path.join(build, 'Release/libzci_prestart.so');
const fakeDriver = path.join(build, 'tests/fake-cuda');
const skip = !fs.existsSync(path.join(build, 'CMakeCache.txt')) && 'native/build is no build folder of this machine';

// A script with the command line's name: waits up to 5 s for the context mark, then prints what prestart() says, with
// its marks on Node's performance clock, as electron/cli/phase-marks.ts moves them, and the time then.
const script = `
const addon = require(${JSON.stringify(path.join(root, 'native/index.cjs'))});
const until = Date.now() + 5000;
const wait = () => {
  const state = addon.prestart();
  if (state && state.device !== null && state.contextMs === null && Date.now() < until) return setTimeout(wait, 10);
  const origin = Number(process.hrtime.bigint()) / 1e6 - performance.now();
  const onNodeClock = (ms) => (ms === null ? null : ms - origin);
  console.log(JSON.stringify(state && { ...state, driver: onNodeClock(state.driverMs),
    context: onNodeClock(state.contextMs), now: performance.now() }));
};
wait();
`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-prestart-'));
fs.writeFileSync(path.join(dir, 'zerocopy-inspector.js'), script);
const video = path.join(root, 'assets/sample.mp4');

/** Runs the script as `node zerocopy-inspector.js ARGS` with the library preloaded over the stand-in driver. */
function prestarted(args, env = {}) {
  const run = spawnSync(process.execPath, [path.join(dir, 'zerocopy-inspector.js'), ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, LD_PRELOAD: library, LD_LIBRARY_PATH: fakeDriver, ...env },
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  return JSON.parse(run.stdout);
}

test('the prestart makes the named device’s context and marks it on Node’s clock', { skip }, () => {
  assert.ok(fs.existsSync(path.join(fakeDriver, 'libcuda.so.1')), 'the stand-in driver is built with the tests');
  const state = prestarted(['inspect', video, '--device', '3']);
  assert.equal(state.device, 3);
  // Each stand-in call takes 30 ms: the driver mark comes after them, the context mark 30 ms after that.
  assert.ok(state.driver > 0 && state.driver < state.context && state.context <= state.now, JSON.stringify(state));
  assert.ok(state.context - state.driver >= 29, JSON.stringify(state));
});

test('a device the driver refuses ends the thread after the driver mark, silently', { skip }, () => {
  const state = prestarted(['inspect', video, '--device', '9']);
  assert.equal(state.device, 9);
  assert.ok(state.driver > 0, JSON.stringify(state));
  assert.equal(state.contextMs, null);
});

test('nothing starts for a command that decodes on no GPU, or with ZCI_PRESTART=0', { skip }, () => {
  for (const [args, env] of [
    [['inspect', video, '--decode', 'software'], {}],
    [['scan', video], {}],
    [['inspect', video], { ZCI_PRESTART: '0' }],
  ]) {
    const { device, driverMs, contextMs } = prestarted(args, env);
    assert.deepEqual({ device, driverMs, contextMs }, { device: null, driverMs: null, contextMs: null }, args.join(' '));
  }
});

// Where the system has a driver (a GPU machine), the library finds it: this case is for machines without one.
const systemDriver = /\blibcuda\.so\.1\b/.test(spawnSync('/sbin/ldconfig', ['-p'], { encoding: 'utf8' }).stdout ?? '');

test('without a driver, the thread ends silently before any mark', { skip: skip || (systemDriver && 'this system has a CUDA driver') }, () => {
  const state = prestarted(['inspect', video], { LD_LIBRARY_PATH: dir });
  assert.equal(state.device, 0);
  assert.equal(state.driverMs, null);
  assert.equal(state.contextMs, null);
});
