// The NVDEC decoder pool library as built: FFmpeg's loader must find it by libnvcuvid's soname and find every function
// it resolves there; the environment says whether the pool is in use and why not. (The pool at work: test/gpu.)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, hasGpu } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const library = path.join(here, '..', '..', 'native', 'build', 'Release', 'libzci_nvdec_pool.so');
// The loader FFmpeg was built with names the functions it resolves in libnvcuvid.
const loaderHeader = '/usr/include/ffnvcodec/dynlink_loader.h';
const readelf = (() => {
  try {
    execFileSync('readelf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function dynamic(args) {
  return execFileSync('readelf', ['--wide', ...args, library]).toString();
}

test('the pool library sits beside the addon with libnvcuvid.so.1 as its soname', { skip: !readelf && 'no readelf' }, () => {
  assert.ok(fs.existsSync(library), library);
  assert.match(dynamic(['--dynamic']), /\(SONAME\)\s+Library soname: \[libnvcuvid\.so\.1\]/);
});

test('the pool library exports every libnvcuvid function FFmpeg resolves, and its own controls', {
  skip: (!readelf && 'no readelf') || (!fs.existsSync(loaderHeader) && 'no ffnvcodec headers'),
}, () => {
  const header = fs.readFileSync(loaderHeader, 'utf8');
  const body = header.slice(header.indexOf('cuvid_load_functions'));
  const wanted = [...body.slice(0, body.indexOf('GENERIC_LOAD_FUNC_FINALE')).matchAll(/LOAD_SYMBOL(?:_OPT)?\(\w+, \w+, "(\w+)"\)/g)].map((m) => m[1]);
  assert.ok(wanted.length >= 20, `${wanted.length} functions in ${loaderHeader}`);
  const exported = new Set(
    dynamic(['--dyn-syms'])
      .split('\n')
      .filter((line) => /\bFUNC\s+GLOBAL\s+DEFAULT\s+\d+\s/.test(line))
      .map((line) => line.trim().split(/\s+/).at(-1)),
  );
  const missing = [...wanted, 'cuvidMapVideoFrame64', 'cuvidUnmapVideoFrame64'].filter((name) => !exported.has(name));
  assert.deepEqual(missing, []);
  for (const name of ['zci_pool_init', 'zci_pool_allow_context', 'zci_pool_drop_context', 'zci_pool_get_stats', 'zci_pool_take_thread_outcome', 'zci_pool_release_all']) {
    assert.ok(exported.has(name), name);
  }
});

test('without a GPU the pool is not in use, and says why', { skip: hasGpu }, () => {
  const pool = addon.environment().decoderPool;
  assert.equal(pool.active, false);
  assert.match(pool.error, /^no CUDA device: cudaError/);
  assert.equal(pool.created + pool.reused + pool.parked, 0);
  assert.equal(pool.budgetBytes, 1024 * 1024 * 1024);
});

test('with a GPU the pool is in use, loaded from beside the addon', { skip: !hasGpu }, () => {
  const pool = addon.environment().decoderPool;
  assert.equal(pool.active, true, pool.error ?? '');
  assert.equal(path.basename(pool.path), 'libzci_nvdec_pool.so');
});
