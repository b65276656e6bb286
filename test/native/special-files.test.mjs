// Paths that are not regular files: FIFOs, devices and sockets are NOT_A_REGULAR_FILE (never "empty (0 bytes)",
// never a read that blocks); a folder keeps FILE_UNREADABLE.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, tempDir } from './helpers.mjs';

const dir = tempDir(after, 'zci-special-');

async function refusal(file) {
  const t0 = performance.now();
  const e = await addon.Session.open(file).catch((x) => x);
  return { e, ms: performance.now() - t0 };
}

test('a FIFO is NOT_A_REGULAR_FILE, at once, without waiting for a writer', { timeout: 60_000 }, async (t) => {
  const fifo = path.join(dir, 'pipe.mp4');
  execFileSync('mkfifo', [fifo]);
  const { e, ms } = await refusal(fifo);
  assert.equal(e.code, 'NOT_A_REGULAR_FILE', e.message);
  assert.match(e.message, /is a FIFO \(named pipe\), not a regular file/);
  assert.ok(e.remedy.length > 10);
  t.diagnostic(`refused after ${Math.round(ms)} ms`); // waiting for a writer would hang: the test's timeout ends that
});

test('character devices and sockets are NOT_A_REGULAR_FILE; a folder is FILE_UNREADABLE', async () => {
  for (const device of ['/dev/null', '/dev/zero']) {
    const { e } = await refusal(device);
    assert.equal(e.code, 'NOT_A_REGULAR_FILE', device);
    assert.match(e.message, /a character device/);
  }
  const socketPath = path.join(dir, 'socket.mp4');
  const server = net.createServer().listen(socketPath);
  await new Promise((r) => server.once('listening', r));
  try {
    const { e } = await refusal(socketPath);
    assert.equal(e.code, 'NOT_A_REGULAR_FILE');
    assert.match(e.message, /a socket/);
  } finally {
    server.close();
  }
  const { e } = await refusal(dir);
  assert.equal(e.code, 'FILE_UNREADABLE');
  assert.match(e.message, /is a folder/);
});
