// nvdecEngines(device): the NVDEC engine count the driver reports, from one capability row. Without a GPU it answers
// null with the reason, never a number it did not get; a device that is not a whole number 0..63 is refused. The
// count on a GPU is test/gpu/nvdec-engines.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addon, codeOf, hasGpu } from './helpers.mjs';

test('a device that is not a whole number 0..63 is INVALID_ARGUMENT', async () => {
  for (const bad of [-1, 64, 1.5, '0', true, null, Number.NaN])
    assert.equal(await codeOf(() => addon.nvdecEngines(bad)), 'INVALID_ARGUMENT', String(bad));
});

test('without a GPU the engines are null and the reason says why', { skip: hasGpu }, async () => {
  for (const device of [undefined, 0, 63]) {
    const answer = await addon.nvdecEngines(device);
    assert.deepEqual(Object.keys(answer).sort(), ['engines', 'reason']);
    assert.equal(answer.engines, null);
    assert.match(answer.reason, new RegExp(`^the driver could not be asked for device ${device ?? 0}'s NVDEC engines: .+`));
  }
});
