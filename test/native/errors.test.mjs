// Bad input and misuse get a stable code and a remedy, never a crash.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

import { addon, codeOf, fixture, hasGpu } from './helpers.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-errors-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Deterministic pseudo-random bytes (xorshift32), so the test sees the same file every run. */
function noise(n, seed = 0x9e3779b9) {
  const out = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const write = (name, data) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, data);
  return p;
};

test('bad files are refused with a specific code and a remedy', async () => {
  const cases = [
    [path.join(dir, 'missing.mp4'), 'FILE_NOT_FOUND'],
    [write('empty.mp4', ''), 'EMPTY_FILE'],
    [write('noise.mp4', noise(65536)), 'NOT_A_VIDEO'],
    [fixture('audio-only.m4a'), 'NO_VIDEO_STREAM'],
    [dir, 'FILE_UNREADABLE'],
  ];
  for (const [file, code] of cases) {
    try {
      await addon.Session.open(file);
      assert.fail(`${file} opened`);
    } catch (e) {
      assert.ok(e instanceof addon.InspectorError, String(e));
      assert.equal(e.code, code, `${file}: ${e.message}`);
      assert.ok(e.remedy.length > 10);
      assert.match(e.stack, /errors\.test\.mjs/, 'the stack names the caller');
    }
  }
});

test('a truncated file opens with a TRUNCATED_FILE warning and only its readable frames', async () => {
  const whole = fs.readFileSync(fixture('h264-1080p-420.mp4'));
  const cut = write('cut.mp4', whole.subarray(0, Math.floor(whole.length * 0.5)));
  const s = await addon.Session.open(cut);
  try {
    assert.ok(s.info.frameCount < 48 && s.info.frameCount > 0, `${s.info.frameCount} frames`);
    assert.deepEqual(
      s.info.warnings.map((w) => w.code),
      ['TRUNCATED_FILE'],
    );
    await s.show({ index: s.info.frameCount - 1 });
    assert.equal(await codeOf(() => s.show({ index: s.info.frameCount })), 'FRAME_OUT_OF_RANGE');
  } finally {
    s.close();
  }
  const stub = write('stub.mp4', whole.subarray(0, 100));
  assert.equal(await codeOf(() => addon.Session.open(stub)), 'TRUNCATED_FILE');
});

test('wrong arguments are INVALID_ARGUMENT', async () => {
  assert.equal(await codeOf(() => addon.Session.open()), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.Session.open(42)), 'INVALID_ARGUMENT');
  const f = fixture('h264-odd-642x362.mp4');
  assert.equal(await codeOf(() => addon.Session.open(f, 'fast')), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.Session.open(f, { decode: 'magic' })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.Session.open(f, { holdFrames: 99 })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.Session.open(f, { device: -1 })), 'INVALID_ARGUMENT');
  assert.equal(await codeOf(() => addon.Session.open(f, { context: 'mine' })), 'INVALID_ARGUMENT');
  const s = await addon.Session.open(f);
  try {
    for (const bad of [-1, 1.5, '3', NaN, Infinity, undefined]) {
      assert.equal(await codeOf(() => s.show({ index: bad })), 'INVALID_ARGUMENT', String(bad));
    }
    assert.equal(await codeOf(() => s.show({ index: 0 }, { proof: 'yes' })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ seconds: -1 })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ index: 0 }, { thumbnailWidth: 2 })), 'INVALID_ARGUMENT');
    assert.equal(await codeOf(() => s.show({ index: 1e6 })), 'FRAME_OUT_OF_RANGE');
    assert.throws(() => new addon.Session(), (e) => e.code === 'INVALID_ARGUMENT' && /Session\.open/.test(e.remedy));
    await s.show({ index: 1 }); // still usable after every refusal
  } finally {
    s.close();
  }
});

test('overlapping calls are BUSY, calls after close are CLOSED, close is idempotent', async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  const first = s.show({ index: 40 });
  assert.equal(await codeOf(() => s.show({ index: 1 })), 'BUSY');
  assert.equal(await codeOf(() => s.show({ index: 40 }, { thumbnailWidth: 64 })), 'BUSY');
  assert.equal(await codeOf(() => s.readMemory({ offset: 0, length: 1 }, { index: 40 })), 'BUSY');
  s.close(); // while the first call runs: it still completes on its own reference
  assert.equal((await first).report.frameIndex, 40);
  assert.equal(s.closed, true);
  assert.equal(await codeOf(() => s.show({ index: 0 })), 'CLOSED');
  s.close();
});

test('close in the background: closed at once, every later call CLOSED, the session destroyed off the JS thread', { skip: process.platform !== 'linux' && 'reads /proc/self/fd' }, async () => {
  // The open file is the observable: the demuxer keeps it open until the session is destroyed.
  const file = fixture('h264-odd-642x362.mp4');
  const holds = () => fs.readdirSync('/proc/self/fd').filter((fd) => { try { return fs.readlinkSync(`/proc/self/fd/${fd}`) === file; } catch { return false; } }).length;
  // Earlier tests' sessions end when their last call's worker is deleted: let them go first.
  for (let i = 0; i < 50 && holds() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  const before = holds();
  // Software decoding: an NVDEC frame's NVCV image keeps its session alive until the report holding it is collected.
  const plain = await addon.Session.open(file, { decode: 'software' });
  await plain.show({ index: 3 });
  await new Promise((r) => setImmediate(r)); // the frame call's worker lets go of its reference
  assert.ok(holds() > before, 'an open session holds its file');
  plain.close();
  assert.equal(holds(), before, 'a plain close destroys the session before it returns');
  const s = await addon.Session.open(file, { decode: 'software' });
  await s.show({ index: 3 });
  assert.ok(holds() > before, 'an open session holds its file');
  assert.equal(await codeOf(() => s.close({ background: 'yes' })), 'INVALID_ARGUMENT');
  s.close({ background: true });
  assert.equal(s.closed, true);
  assert.equal(await codeOf(() => s.show({ index: 0 })), 'CLOSED');
  for (let i = 0; i < 250 && holds() > before; i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(holds() <= before, 'the worker destroyed it');
  s.close({ background: true });
});

test('a session dropped without close releases its NVCV images when collected', { skip: !global.gc }, async () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      global.gc();
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await settle();
  const before = addon.nvcvLiveHandles();
  await (async () => {
    const s = await addon.Session.open(fixture('h264-odd-642x362.mp4'));
    await s.show({ index: 0 });
    assert.ok(addon.nvcvLiveHandles() > before);
  })();
  for (let i = 0; i < 10 && addon.nvcvLiveHandles() > before; i++) {
    global.gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(addon.nvcvLiveHandles(), before);
});

test('asking for NVDEC without a GPU is NO_CUDA_DEVICE', { skip: hasGpu }, async () => {
  const f = fixture('h264-odd-642x362.mp4');
  assert.equal(await codeOf(() => addon.Session.open(f, { decode: 'nvdec' })), 'NO_CUDA_DEVICE');
  assert.equal(await codeOf(() => addon.Session.open(f, { decode: 'software-upload' })), 'NO_CUDA_DEVICE');
});

test("asking for FFmpeg's cuvid decoders without a GPU is NO_CUDA_DEVICE, for the open and the A/B", { skip: hasGpu }, async () => {
  const f = fixture('h264-odd-642x362.mp4');
  const open = await addon.Session.open(f, { decode: 'cuvid' }).catch((e) => e);
  assert.equal(open.code, 'NO_CUDA_DEVICE');
  assert.match(open.message, /cuvid decoders were requested/);
  const ab = await addon.compareDecoders(f, { decoderA: 'cuvid', frames: [0] }).catch((e) => e);
  assert.equal(ab.code, 'DECODER_COMPARE_UNAVAILABLE');
  assert.match(ab.message, /cuvid decoding is not usable here \(NO_CUDA_DEVICE/);
});
