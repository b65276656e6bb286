// Latest-wins on NVDEC frames: serve mode answers a frame request still waiting behind a newer one SUPERSEDED, as a
// held arrow key sends them, and the decoder ends on the newest request with every verdict holding. The same path
// runs in the integration tier on software frames; here the frames are NVDEC's, the steps cost a real decode, and
// the session must keep serving after a burst of them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { hasGpu } from '../native/helpers.mjs';
import { connectRpc, serveEntry, startServe } from './serve-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('serve mode on NVDEC: a burst of frame requests is answered latest-wins, the waiting ones SUPERSEDED', {
  skip: !hasGpu ? 'no CUDA device' : !fs.existsSync(serveEntry) ? 'serve mode is not built (npm run build)' : false,
}, async () => {
  const { WebSocket } = await import(path.join(root, 'node_modules', 'ws', 'wrapper.mjs'));
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-serve-supersede-'));
  const { proc, url } = await startServe(configDir);
  try {
    const { socket, call } = await connectRpc(WebSocket, url);
    const samplePath = await call('samplePath', {});
    const opened = await call('open', { path: samplePath.result.path });
    assert.equal(opened.ok, true, JSON.stringify(opened.error));
    assert.equal(opened.result.info.decodePath, 'nvdec');
    // Twenty steps sent at once, with thumbnails, as the app asks for them while a key is held.
    const burst = Array.from({ length: 20 }, (_, k) => k + 1);
    const answers = await Promise.all(burst.map((index) => call('show', { target: { index }, options: { thumbnailWidth: 128 } })));
    const answered = answers.filter((a) => a.ok).map((a) => a.result.report.frameIndex);
    const dropped = answers.filter((a) => !a.ok).map((a) => a.error.code);
    assert.equal(answered.at(-1), 20, 'the newest request is answered');
    assert.deepEqual(answered, [...answered].sort((a, b) => a - b), 'answers come in the order asked');
    assert.ok(dropped.length > 0, 'a burst leaves requests waiting, and they are dropped');
    assert.deepEqual([...new Set(dropped)], ['SUPERSEDED']);
    assert.equal(answered.length + dropped.length, burst.length);
    const last = answers.at(-1).result;
    assert.equal(last.report.format.hwFormat, 'cuda');
    assert.ok(last.report.planes.every((p) => BigInt(p.nvcvPointer) === BigInt(p.ffmpegPointer)));
    assert.equal(last.report.aliasing.passed, true, last.report.aliasing.reason);
    assert.deepEqual(last.thumbnails.map((t) => t.name), ['Y', 'U', 'V']);
    // A request sent after the burst runs, and a jump back decodes the right frame.
    const after = await call('show', { target: { index: 3 } });
    assert.equal(after.ok, true, JSON.stringify(after.error));
    assert.equal(after.result.report.frameIndex, 3);
    assert.equal(after.result.report.aliasing.passed, true);
    socket.close();
  } finally {
    proc.kill('SIGTERM');
    fs.rmSync(configDir, { recursive: true, force: true });
  }
});
