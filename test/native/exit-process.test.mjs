// exitProcess ends the process at once with its code, without Node's 'exit' event; what was handed to the kernel
// before it arrives (what Node still buffers does not: the command line waits for it, test/integration/cli-process).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { addon, codeOf } from './helpers.mjs';

const loader = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'native', 'index.cjs');

test('exitProcess ends with its code; what was written before it arrives; no exit event runs', () => {
  const script = `const a = require(${JSON.stringify(loader)});
process.on('exit', () => process.stdout.write('exit event\\n'));
process.stdout.write('x'.repeat(1000) + '\\nwritten\\n');
a.exitProcess(7);
process.stdout.write('after\\n');`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 7);
  assert.ok(r.stdout.endsWith('\nwritten\n'), r.stdout.slice(-40));
  assert.equal(r.stdout.length, 1000 + '\nwritten\n'.length);
});

test('exitProcess refuses a code outside 0..255', async () => {
  for (const code of [-1, 256, 1.5, '0', undefined]) assert.equal(await codeOf(() => addon.exitProcess(code)), 'INVALID_ARGUMENT');
});
