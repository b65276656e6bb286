// The probe and the warm-up on a worker thread: the JS thread goes on while NVCV and CV-CUDA load, side by side
// with the synchronous probe, each in a fresh process (the libraries load once per process).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

import { addon } from './helpers.mjs';

const loader = new URL('../../native/index.cjs', import.meta.url).pathname;

/** Runs one probe in a fresh process, with a 2 ms timer running, and returns the longest gap between its ticks. */
function longestStall(call) {
  const script = `
    const addon = require(${JSON.stringify(loader)});
    let last = performance.now(), longest = 0;
    const timer = setInterval(() => { const now = performance.now(); longest = Math.max(longest, now - last); last = now; }, 2);
    setTimeout(async () => {
      const started = performance.now();
      const result = await Promise.resolve(${call});
      const took = performance.now() - started;
      setTimeout(() => { clearInterval(timer); console.log(JSON.stringify({ longest, took, cvcuda: (result.cvcuda?.loaded ?? result.cvcuda) === true })); }, 20);
    }, 50);`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

test('environmentAsync answers what environment() answers', async () => {
  const sync = addon.environment();
  const async = await addon.environmentAsync();
  assert.deepEqual(async, sync);
});

test('loading the libraries off the JS thread: the async probe stalls the timer less than the sync one', (t) => {
  const sync = longestStall('addon.environment()');
  const async = longestStall('addon.environmentAsync()');
  t.diagnostic(`first probe in a fresh process: sync blocks the JS thread ${sync.longest.toFixed(1)} ms (took ${sync.took.toFixed(1)} ms); async: longest timer gap ${async.longest.toFixed(1)} ms (took ${async.took.toFixed(1)} ms); CV-CUDA loaded: ${sync.cvcuda}`);
  if (!sync.cvcuda) return t.skip('CV-CUDA is not installed here: nothing heavy to load');
  assert.ok(sync.longest >= sync.took * 0.9, 'the sync probe holds the JS thread for all of its time');
  assert.ok(async.longest < sync.longest / 2, `async gap ${async.longest} ms against sync ${sync.longest} ms`);
});

test('warmUp loads the libraries and says whether CUDA is kept warm, and why', async () => {
  const warm = await addon.warmUp();
  const env = addon.environment();
  assert.equal(warm.nvcv, env.nvcv.loaded);
  assert.equal(warm.cvcuda, env.cvcuda.loaded);
  assert.equal(warm.cuda, env.cuda.deviceCount > 0);
  assert.match(warm.reason, env.cuda.deviceCount > 0 ? /kept for every open/ : /no CUDA device 0/);
  await assert.rejects(addon.warmUp(-1), { code: 'INVALID_ARGUMENT' });
  await assert.rejects(addon.warmUp(1.5), { code: 'INVALID_ARGUMENT' });
});
