// The addon's vocabulary: one list of names per option, the error and warning codes and the width bounds, read from
// the C++ tables that also parse them; anything else is INVALID_ARGUMENT naming what is allowed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, fixture } from './helpers.mjs';

const vocabulary = addon.vocabulary();
const file = fixture('h264-odd-642x362.mp4');

/** The rejection of a promise (or of a thrown call), or null. */
async function errorOf(fn) {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  return null;
}

/** Asserts an INVALID_ARGUMENT whose message names what was asked and lists every allowed name. */
function assertListsNames(e, what, names) {
  assert.ok(e instanceof addon.InspectorError, String(e));
  assert.equal(e.code, 'INVALID_ARGUMENT', e.message);
  assert.ok(e.message.includes(what), e.message);
  assert.ok(e.message.includes(names.map((n) => `'${n}'`).join(', ')), e.message);
  assert.ok(e.remedy.length > 10);
}

test('vocabulary() has one list per option, the error and warning codes and the width bounds', () => {
  assert.deepEqual(Object.keys(vocabulary), [
    'decode',
    'context',
    'initOrder',
    'op',
    'matrix',
    'range',
    'errorCodes',
    'warningCodes',
    'thumbnailWidth',
    'memoryRegions',
    'memoryReadCap',
    'framesPerCall',
    'previewsPerCall',
  ]);
  // The lists themselves are checked against the ones contract/ states, imported, in
  // test/integration/addon-drift.test.ts; here, their form.
  for (const key of ['decode', 'context', 'initOrder', 'op', 'matrix', 'range', 'errorCodes', 'warningCodes']) {
    assert.ok(Array.isArray(vocabulary[key]) && vocabulary[key].length > 0, key);
    assert.equal(new Set(vocabulary[key]).size, vocabulary[key].length, `${key} names each value once`);
  }
  assert.ok(vocabulary.memoryRegions.includes('visible'));
  assert.ok(vocabulary.thumbnailWidth.min < vocabulary.thumbnailWidth.max);
  assert.ok(Number.isSafeInteger(vocabulary.memoryReadCap) && vocabulary.memoryReadCap > 0);
  assert.ok(Number.isSafeInteger(vocabulary.framesPerCall) && vocabulary.framesPerCall > 0);
  assert.notEqual(addon.vocabulary(), vocabulary, 'each call returns a fresh object');
});

test('every listed open option is accepted', async () => {
  for (const decode of vocabulary.decode) {
    // Without a GPU, nvdec and software-upload are refused for the machine (NO_CUDA_DEVICE), never for the name.
    assert.notEqual(await codeOf(() => addon.Session.open(file, { decode }).then((s) => s.close())), 'INVALID_ARGUMENT');
  }
  for (const [key, names] of [
    ['context', vocabulary.context],
    ['initOrder', vocabulary.initOrder],
  ]) {
    for (const name of names) {
      const s = await addon.Session.open(file, { decode: 'software', [key]: name });
      s.close();
    }
  }
});

test('an open option outside its list is INVALID_ARGUMENT listing the allowed names', async () => {
  for (const [key, names] of [
    ['decode', vocabulary.decode],
    ['context', vocabulary.context],
    ['initOrder', vocabulary.initOrder],
  ]) {
    for (const bad of ['magic', '', names[0].toUpperCase(), ` ${names[0]}`, 42, null, true, {}]) {
      const e = await errorOf(() => addon.Session.open(file, { [key]: bad }));
      assertListsNames(e, `options.${key}`, names);
      if (typeof bad === 'string') assert.ok(e.message.endsWith(`not '${bad}'`), e.message);
    }
  }
  // Checked before the file is touched: a bad name wins over a missing file.
  const e = await errorOf(() => addon.Session.open(fixture('missing.mp4'), { context: 'mine' }));
  assertListsNames(e, 'options.context', vocabulary.context);
});

test('preview names outside their lists are INVALID_ARGUMENT listing the allowed names', async () => {
  const s = await addon.Session.open(file);
  /** A show() call of frame 0 with these previews. */
  const withPreviews = (previews) => s.show({ index: 0 }, { proof: false, previews });
  try {
    for (const bad of [undefined, 'blur', 'Convert', 3]) {
      assertListsNames(await errorOf(() => withPreviews([{ op: bad }])), 'options.op', vocabulary.op);
    }
    for (const key of ['matrix', 'range']) {
      for (const bad of ['bt999', 'AUTO', 0]) {
        const e = await errorOf(() => withPreviews([{ op: 'reference', [key]: bad }]));
        assertListsNames(e, `options.${key}`, vocabulary[key]);
      }
      const { previews } = await withPreviews(vocabulary[key].map((name) => ({ op: 'reference', maxWidth: 32, [key]: name })));
      assert.equal(previews.length, vocabulary[key].length);
      for (const outcome of previews) {
        assert.equal(outcome.error, null);
        assert.equal(outcome.result.op, 'reference');
      }
    }
  } finally {
    s.close();
  }
});

test('thumbnail and preview widths are bounded by vocabulary().thumbnailWidth', async () => {
  const { min, max } = vocabulary.thumbnailWidth;
  const s = await addon.Session.open(file);
  try {
    for (const bad of [8, min - 1, max + 1, 16.5, NaN, '64', 1e300]) {
      const e = await errorOf(() => s.show({ index: 0 }, { thumbnailWidth: bad }));
      assert.equal(e?.code, 'INVALID_ARGUMENT', String(bad));
      assert.match(e.message, new RegExp(`from ${min} to ${max}`));
      const preview = () => s.show({ index: 0 }, { previews: [{ op: 'reference', maxWidth: bad }] });
      assert.equal(await codeOf(preview), 'INVALID_ARGUMENT', String(bad));
    }
    for (const width of [min, 64, max]) {
      const answer = await s.show(
        { index: 0 },
        { proof: false, thumbnailWidth: width, previews: [{ op: 'reference', maxWidth: width }] },
      );
      const [luma] = answer.thumbnails;
      assert.equal(luma.width, Math.min(width, s.info.width));
      assert.equal(answer.previews[0].result.reference.width, Math.min(width, s.info.width));
    }
  } finally {
    s.close();
  }
});

test('every code the addon raises is in the vocabulary', async () => {
  const s = await addon.Session.open(file);
  const codes = [
    await codeOf(() => addon.Session.open(fixture('missing.mp4'))),
    await codeOf(() => addon.Session.open(fixture('audio-only.m4a'))),
    await codeOf(() => s.readMemory({ offset: 0, length: 1 }, { index: 0 })),
    await codeOf(() => s.show({ index: 1e6 })),
  ];
  const { previews } = await s.show({ index: 0 }, { proof: false, previews: [{ op: 'gaussian', kernelSize: 4 }] });
  codes.push(previews[0].error.code);
  s.close();
  codes.push(await codeOf(() => s.show({ index: 0 })));
  assert.deepEqual(codes, [
    'FILE_NOT_FOUND',
    'NO_VIDEO_STREAM',
    'INVALID_ARGUMENT',
    'FRAME_OUT_OF_RANGE',
    'INVALID_ARGUMENT',
    'CLOSED',
  ]);
  for (const code of codes) assert.ok(vocabulary.errorCodes.includes(code), code);
});
