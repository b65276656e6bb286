// Operator previews: the CPU reference everywhere, GPU operators only where there is a GPU (else a clear code).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, fixture, hasGpu } from './helpers.mjs';

/** The index the band of an RGB thumbnail encodes (bright column = bit set), read from its green channel. */
function rgbBandIndex(img, info) {
  const bandRows = info.height < 200 ? 32 : 64;
  const y = Math.floor(((bandRows / 4) * img.height) / info.height);
  let index = 0;
  for (let k = 0; k < 8; k++) {
    const x = Math.floor(((k + 0.5) * img.width) / 8);
    if (img.rgb[(y * img.width + x) * 3 + 1] > 128) index |= 1 << k;
  }
  return index;
}

for (const file of ['h264-1080p-420.mp4', 'hevc-main10-1280x720.mp4', 'h264-444-640x360.mp4']) {
  test(`the CPU reference thumbnail of ${file} is the frame asked for, at the asked width`, async () => {
    const s = await addon.Session.open(fixture(file));
    try {
      await s.frame(13);
      const r = await s.preview({ op: 'reference', maxWidth: 256 });
      assert.equal(r.reference.width, 256);
      assert.equal(r.reference.height, Math.floor((s.info.height * 256) / s.info.width));
      assert.equal(r.reference.rgb.length, r.reference.width * r.reference.height * 3);
      assert.match(r.referenceMethod, /^swscale .* -> rgb24/);
      assert.equal(rgbBandIndex(r.reference, s.info), 13);
      assert.equal(r.thumbnail, null);
    } finally {
      s.close();
    }
  });
}

test('a "what if" matrix applies to the CPU reference too: BT.601 on a BT.709 frame is another picture', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  try {
    await s.frame(3);
    const auto = await s.preview({ op: 'reference', maxWidth: 128 });
    const bt709 = await s.preview({ op: 'reference', maxWidth: 128, matrix: 'bt709' });
    const bt601 = await s.preview({ op: 'reference', maxWidth: 128, matrix: 'bt601' });
    assert.match(auto.referenceMethod, /BT\.709 limited range$/);
    assert.match(bt601.referenceMethod, /BT\.601 limited range \(the matrix asked for, not the stream's\)$/);
    // The forced stream matrix is the stream's picture; the other matrix moves the colours of the test pattern.
    assert.deepEqual(Buffer.from(bt709.reference.rgb), Buffer.from(auto.reference.rgb));
    let differing = 0;
    for (let i = 0; i < auto.reference.rgb.length; i += 1) if (auto.reference.rgb[i] !== bt601.reference.rgb[i]) differing += 1;
    assert.ok(differing > auto.reference.rgb.length / 10, `${differing} of ${auto.reference.rgb.length} bytes differ`);
  } finally {
    s.close();
  }
});

test('preview arguments are checked', async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    assert.equal(await codeOf(() => s.preview({ op: 'reference' })), 'FRAME_OUT_OF_RANGE');
    await s.frame(0);
    for (const bad of [undefined, {}, { op: 'blur' }, { op: 'gaussian', kernelSize: 4 }, { op: 'flip', flipCode: 2 },
      { op: 'convert', maxWidth: 8 }, { op: 'threshold', threshold: 300 }, { op: 'gaussian', sigma: 'x' }]) {
      assert.equal(await codeOf(() => s.preview(bad)), 'INVALID_ARGUMENT', JSON.stringify(bad));
    }
  } finally {
    s.close();
  }
});

test('without a GPU every operator is refused with NO_CUDA_DEVICE', { skip: hasGpu }, async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    await s.frame(0);
    for (const op of ['convert', 'cvtcolor', 'gaussian', 'flip', 'threshold']) {
      assert.equal(await codeOf(() => s.preview({ op })), 'NO_CUDA_DEVICE', op);
    }
  } finally {
    s.close();
  }
});
