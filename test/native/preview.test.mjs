// Operator previews, asked for in a frame's show() call: the CPU reference everywhere, GPU operators only where there
// is a GPU (else a clear code in the preview's outcome).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, fixture, hasGpu } from './helpers.mjs';

/** The one preview of a show() call of frame INDEX, checked to have no error. */
async function previewOf(s, index, preview) {
  const {
    previews: [outcome],
  } = await s.show({ index }, { proof: false, previews: [preview] });
  assert.equal(outcome.error, null, JSON.stringify(outcome.error));
  return outcome.result;
}

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
      const r = await previewOf(s, 13, { op: 'reference', maxWidth: 256 });
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
    // Three previews of one frame in one call, answered in the order asked.
    const { previews } = await s.show(
      { index: 3 },
      {
        previews: [
          { op: 'reference', maxWidth: 128 },
          { op: 'reference', maxWidth: 128, matrix: 'bt709' },
          { op: 'reference', maxWidth: 128, matrix: 'bt601' },
        ],
      },
    );
    assert.deepEqual(
      previews.map((p) => p.error),
      [null, null, null],
    );
    const [auto, bt709, bt601] = previews.map((p) => p.result);
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

test('preview arguments are checked: malformed requests before the call, operator parameters in the outcome', async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    // Read before the call: the whole call is refused.
    for (const bad of [undefined, {}, { op: 'blur' }, { op: 'convert', maxWidth: 8 }, { op: 'gaussian', sigma: 'x' }]) {
      const call = () => s.show({ index: 0 }, { previews: [bad] });
      assert.equal(await codeOf(call), 'INVALID_ARGUMENT', JSON.stringify(bad));
    }
    // Checked by the operator: the frame stands, and the preview's outcome says why.
    const refused = [
      { op: 'gaussian', kernelSize: 4 },
      { op: 'flip', flipCode: 2 },
      { op: 'threshold', threshold: 300 },
    ];
    const answer = await s.show({ index: 0 }, { previews: refused });
    assert.equal(answer.report.frameIndex, 0);
    assert.equal(answer.previews.length, refused.length);
    answer.previews.forEach((outcome, i) => {
      assert.equal(outcome.result, null, JSON.stringify(refused[i]));
      assert.equal(outcome.error?.code, 'INVALID_ARGUMENT', JSON.stringify(refused[i]));
      assert.match(outcome.error.remedy, /\S/);
    });
  } finally {
    s.close();
  }
});

test('without a GPU every operator is refused with NO_CUDA_DEVICE', { skip: hasGpu }, async () => {
  const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
  try {
    const ops = ['convert', 'cvtcolor', 'gaussian', 'flip', 'threshold'];
    const answer = await s.show({ index: 0 }, { previews: ops.map((op) => ({ op })) });
    assert.equal(answer.report.frameIndex, 0);
    assert.equal(answer.previews.length, ops.length);
    ops.forEach((op, i) => {
      assert.equal(answer.previews[i].result, null, op);
      assert.equal(answer.previews[i].error?.code, 'NO_CUDA_DEVICE', op);
    });
  } finally {
    s.close();
  }
});
