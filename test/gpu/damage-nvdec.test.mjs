// The damaged fixture on NVDEC: the hardware conceals on its own, so this records what reaches the report there
// (which frames say concealed, and the decoder's words) beside the software path's exact answer, 1, 10 and 15.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, fixture, hasGpu } from '../native/helpers.mjs';

test('NVDEC on the damaged fixture: every frame decodes and reports its damage section', { skip: !hasGpu }, async (t) => {
  const s = await addon.Session.open(fixture('h264-damaged-642x362.mp4'), { decode: 'nvdec' });
  try {
    assert.equal(s.info.decodePath, 'nvdec');
    const concealed = [];
    for (let n = 0; n < s.info.frameCount; n++) {
      const { report: r } = await s.show({ index: n }, { proof: false });
      assert.equal(typeof r.damage.concealed, 'boolean');
      if (r.damage.concealed) concealed.push(`${n} (${[...r.damage.flags, ...r.damage.messages].join('; ')})`);
    }
    t.diagnostic(`NVDEC concealed frames reported: ${concealed.length === 0 ? 'none' : concealed.join(', ')}`);
  } finally {
    s.close();
  }
});
