// The aliasing proof's default has one statement, DEFAULT_SETTINGS.proof in contract/settings.ts; the addon's own
// default (a show() that names no proof) must be that one, since callers that pass no proof get the addon's. Read
// from the contract's text (this tier runs JavaScript only) and from what the addon does, so either side changing
// alone fails here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, fixture } from './helpers.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** DEFAULT_SETTINGS.proof as contract/settings.ts states it; throws when the statement cannot be found. */
function contractProofDefault() {
  const text = fs.readFileSync(path.join(root, 'contract', 'settings.ts'), 'utf8');
  const block = /export const DEFAULT_SETTINGS: Settings = \{\n([\s\S]*?)\n\};/.exec(text);
  assert.ok(block, 'contract/settings.ts states DEFAULT_SETTINGS as an object literal');
  const proofs = [...block[1].matchAll(/^\s*proof:\s*(true|false),?$/gm)];
  assert.equal(proofs.length, 1, `DEFAULT_SETTINGS names proof once:\n${block[1]}`);
  return proofs[0][1] === 'true';
}

test("a show() without proof runs the proof as DEFAULT_SETTINGS.proof says, and an explicit proof overrides it", async () => {
  const proof = contractProofDefault();
  const session = await addon.Session.open(fixture('h264-odd-642x362.mp4'), { decode: 'software' });
  try {
    const byDefault = await session.show({ index: 0 });
    assert.equal(byDefault.report.aliasing.ran, proof, JSON.stringify(byDefault.report.aliasing));
    // The other value, asked for, does the other thing: the default above was the addon's choice, not the fixture's.
    const asked = await session.show({ index: 1 }, { proof: !proof });
    assert.equal(asked.report.aliasing.ran, !proof, JSON.stringify(asked.report.aliasing));
    assert.equal((proof ? asked : byDefault).report.aliasing.reason, 'not requested');
  } finally {
    session.close();
  }
});
