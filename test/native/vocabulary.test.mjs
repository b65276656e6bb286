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
  assert.deepEqual(vocabulary.decode, ['auto', 'nvdec', 'software', 'software-upload', 'cuvid']);
  assert.deepEqual(vocabulary.context, ['shared', 'private', 'ffmpeg-primary']);
  assert.deepEqual(vocabulary.initOrder, ['decoder-first', 'runtime-first']);
  assert.deepEqual(vocabulary.op, ['reference', 'convert', 'cvtcolor', 'gaussian', 'flip', 'threshold']);
  assert.deepEqual(vocabulary.matrix, ['auto', 'bt601', 'bt709', 'bt2020']);
  assert.deepEqual(vocabulary.range, ['auto', 'limited', 'full']);
  assert.deepEqual(vocabulary.thumbnailWidth, { min: 16, max: 1024 });
  assert.deepEqual(vocabulary.memoryRegions, [
    'visible',
    'right-padding',
    'coded-not-displayed',
    'allocator-padding',
    'next-plane',
    'outside-planes',
  ]);
  assert.equal(vocabulary.memoryReadCap, 1048576);
  assert.equal(vocabulary.framesPerCall, 256);
  assert.notEqual(addon.vocabulary(), vocabulary, 'each call returns a fresh object');
});

test('the error codes are every code a user can see, in the shared order', () => {
  assert.deepEqual(vocabulary.errorCodes, [
    'FILE_NOT_FOUND',
    'FILE_UNREADABLE',
    'EMPTY_FILE',
    'TRUNCATED_FILE',
    'NOT_A_VIDEO',
    'NO_VIDEO_STREAM',
    'UNSUPPORTED_CODEC',
    'DECODE_FAILED',
    'FRAME_OUT_OF_RANGE',
    'NVCV_NOT_FOUND',
    'NVCV_ERROR',
    'CVCUDA_NOT_FOUND',
    'OPERATOR_UNSUPPORTED',
    'NO_CUDA_DEVICE',
    'CUDA_ERROR',
    'NVDEC_UNAVAILABLE',
    'CAPTURE_INVALID',
    'CAPTURE_TOO_NEW',
    'CAPTURE_FRAME_MISSING',
    'INVALID_ARGUMENT',
    'CLOSED',
    'BUSY',
    'INTERNAL',
    'MEDIA_TOO_LARGE',
    'DEADLINE_EXCEEDED',
    'CANCELLED',
    'NOT_A_REGULAR_FILE',
    'PATH_OUTSIDE_ROOT',
    'PATH_NOT_UTF8',
    'MEMORY_RANGE_OUTSIDE_ALLOCATION',
    'MEMORY_READ_TOO_LARGE',
    'MEMORY_ALLOCATION_UNKNOWN',
    'SUPERSEDED',
    'DECODER_COMPARE_UNAVAILABLE',
    'PEER_ACCESS_UNSUPPORTED',
  ]);
});

test('warning codes are their own list: a file that opens is never given an error code', () => {
  assert.deepEqual(vocabulary.warningCodes, ['TRUNCATED_FILE', 'DUPLICATE_TIMESTAMPS', 'ODD_TIMESCALE']);
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
