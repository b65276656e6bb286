// Every NVCV constant and struct layout the addon declares, checked against the loaded library.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon } from './helpers.mjs';

test('NVCV is loaded from the search path and reports its own version', () => {
  const env = addon.environment();
  assert.equal(env.nvcv.loaded, true, env.nvcv.error ?? '');
  assert.match(env.nvcv.version, /^\d+\.\d+\.\d+/);
  assert.ok(env.nvcv.path.includes('libnvcv_types'), env.nvcv.path);
});

test('every declared constant and struct field agrees with the library', () => {
  const { loaded, checks } = addon.nvcvAbiCheck();
  assert.equal(loaded, true);
  assert.ok(checks.length >= 60, `only ${checks.length} checks ran`);
  const failed = checks.filter((c) => !c.ok);
  assert.deepEqual(failed, [], failed.map((c) => `${c.name}: expected ${c.expected}, got ${c.actual}`).join('\n'));
  const names = checks.map((c) => c.name);
  for (const must of [
    'NVCV_IMAGE_FORMAT_NV12 name',
    'plane 1 basePtr',
    'tensor stride 1',
    'packing X10b6_Y10b6',
    'NVCV_DATA_TYPE_F64',
    ...(addon.environment().cvcuda.loaded ? ['cvcudaThresholdCreate(BINARY, 1) status'] : []),
  ]) {
    assert.ok(names.includes(must), `missing check ${must}`);
  }
});
