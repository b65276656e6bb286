// The prestart library's decision (native/src/prestart/prestart_decide.c, built as native/build/tests/
// zci_prestart_decide) over the table the command line's rule is held to (test/fixtures/prestart/decide-cases.json;
// test/unit/prestart-decide.test.ts checks wantsCudaContext against it): both say the same for every case.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const choice = process.env.ZCI_FFMPEG || 'system';
const build = choice === 'system' ? 'native/build' : `native/build-ffmpeg-${choice.replace(/-patched$/, '')}`;
const binary = path.join(root, build, 'tests/zci_prestart_decide');
// As core-tests.test.mjs: where the addon was built here, the test binaries were built with it and must run.
const builtHere = fs.existsSync(path.join(root, build, 'CMakeCache.txt'));
const skip = !builtHere && `${build} is no build folder of this machine`;

const table = JSON.parse(fs.readFileSync(path.join(root, 'test/fixtures/prestart/decide-cases.json'), 'utf8'));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-prestart-'));
for (const [name, hex] of Object.entries(table.files)) fs.writeFileSync(path.join(dir, name), Buffer.from(hex, 'hex'));
for (const name of table.folders) fs.mkdirSync(path.join(dir, name));
const inDir = (args) => args.map((arg) => arg.replaceAll('$DIR', dir));

/** What the library decides for the whole argument vector ARGV: the device, or null. */
function decide(argv) {
  const run = spawnSync(binary, argv, { encoding: 'utf8' });
  assert.equal(run.status, 0, `${binary}: ${run.stderr}`);
  const answer = run.stdout.trim();
  return answer === 'none' ? null : Number(/^device (\d+)$/.exec(answer)?.[1] ?? NaN);
}

test('the library decides as the command line for every case of the table', { skip }, () => {
  assert.ok(fs.existsSync(binary), `${binary} is missing: the addon's build makes it (ZCI_NATIVE_TESTS)`);
  assert.ok(table.commands.length >= 50, 'the table lost its cases');
  for (const c of table.commands) {
    const args = inDir(c.args);
    assert.equal(decide(['node', 'bin/zerocopy-inspector.js', ...args]), c.device, c.why);
    // Node's own options before the script change nothing.
    assert.equal(decide(['node', '--no-warnings', path.join(root, 'bin/zerocopy-inspector.js'), ...args]), c.device, c.why);
  }
});

test('the library finds the script among Node’s arguments by its name', { skip }, () => {
  for (const c of table.scripts) assert.equal(decide(inDir(c.argv)), c.device, c.why);
});
