// One CUDA context for FFmpeg and the inspector in both initialisation orders, each in a fresh process.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { hasGpu } from '../native/helpers.mjs';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'context.child.mjs');
const run = (context, order) => JSON.parse(execFileSync(process.execPath, [child, context, order], { encoding: 'utf8' }));

for (const order of ['decoder-first', 'runtime-first']) {
  test(`shared context, ${order}: FFmpeg, the runtime and the frame's allocation are one context`, { skip: !hasGpu }, () => {
    const r = run('shared', order);
    assert.equal(r.ok, true, r.message);
    assert.equal(r.path, 'nvdec');
    assert.equal(r.context.oneContext, true, JSON.stringify(r.context));
    assert.equal(r.context.ffmpegContext, r.context.runtimeContext);
    assert.equal(r.aliasing.passed, true);
  });
}

test('FFmpeg\'s own context differs from the runtime\'s, and the report says so', { skip: !hasGpu }, () => {
  const r = run('private', 'decoder-first');
  assert.equal(r.ok, true, r.message);
  assert.equal(r.context.oneContext, false);
  assert.notEqual(r.context.ffmpegContext, r.context.runtimeContext);
  assert.equal(r.context.allocationContext, r.context.ffmpegContext);
  assert.equal(r.aliasing.passed, true, 'the canary runs in the allocation\'s own context');
});

test('FFmpeg\'s primary-context flag works when FFmpeg comes first', { skip: !hasGpu }, () => {
  const r = run('ffmpeg-primary', 'decoder-first');
  assert.equal(r.ok, true, r.message);
  assert.equal(r.context.oneContext, true);
});

test('FFmpeg\'s primary-context flag is refused after the runtime made the context', { skip: !hasGpu }, () => {
  const r = run('ffmpeg-primary', 'runtime-first');
  assert.equal(r.ok, false);
  assert.equal(r.code, 'CUDA_ERROR');
  assert.match(r.message, /AV_CUDA_USE_PRIMARY_CONTEXT/);
});
