// The app's flow on NVDEC frames, headless: serve mode with the real backend, driven over its WebSocket RPC.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { hasGpu } from '../native/helpers.mjs';
import { connectRpc, serveEntry, startServe } from './serve-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

test('serve mode on NVDEC: open the sample, step, jump, thumbnails; every pointer matches', {
  skip: !hasGpu || !fs.existsSync(serveEntry),
}, async () => {
  const { WebSocket } = await import(path.join(root, 'node_modules', 'ws', 'wrapper.mjs'));
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zci-serve-'));
  const { proc, url } = await startServe(configDir);
  const transcript = [];
  try {
    const { socket, call } = await connectRpc(WebSocket, url, (exchange) => transcript.push(exchange));

    const env = await call('environment', {});
    assert.equal(env.ok, true);
    const sample = await call('samplePath', {});
    const opened = await call('open', { path: sample.result.path });
    assert.equal(opened.ok, true, JSON.stringify(opened.error));
    assert.equal(opened.result.info.decodePath, 'nvdec');
    for (const params of [{ index: 0 }, { index: 1 }, { index: 47 }]) {
      const r = await call('show', { target: params });
      assert.equal(r.ok, true, JSON.stringify(r.error));
      const report = r.result.report;
      assert.equal(report.frameIndex, params.index);
      assert.equal(report.format.hwFormat, 'cuda');
      // The values themselves, not the report's own match field: NVCV's exported pointer and stride are FFmpeg's.
      for (const p of report.planes) {
        assert.equal(BigInt(p.nvcvPointer), BigInt(p.ffmpegPointer), `frame ${params.index} plane ${p.index} pointer`);
        assert.equal(p.nvcvRowStride, p.pitch, `frame ${params.index} plane ${p.index} stride`);
      }
      assert.equal(report.aliasing.passed, true);
      assert.equal(report.aliasing.method, env.result.report?.cvcuda?.loaded === true ? 'cvcuda-flip' : 'device-kernel');
      assert.equal(report.context.oneContext, true);
    }
    // Operator previews over the same RPC: CV-CUDA on the wrapped NVDEC frame, only the thumbnail comes back.
    const withCvcuda = env.result.report?.cvcuda?.loaded === true;
    // One operator preview of a frame, through the same show: its outcome as the response (an operator that cannot
    // run answers its error; a bad parameter is refused by the RPC itself).
    const preview = async (index, params) => {
      const r = await call('show', { target: { index }, options: { proof: false, previews: [params] } });
      if (!r.ok) return r;
      const [outcome] = r.result.previews;
      return outcome.error === null ? { ok: true, result: outcome.result } : { ok: false, error: outcome.error };
    };
    // One request: the frame, its thumbnails and the convert preview come back together.
    const step = await call('show', { target: { index: 13 }, options: { thumbnailWidth: 128, previews: [{ op: 'convert', maxWidth: 256 }] } });
    assert.equal(step.ok, true, JSON.stringify(step.error));
    assert.equal(step.result.report.frameIndex, 13);
    assert.deepEqual(
      step.result.thumbnails.map((t) => t.name),
      ['Y', 'U', 'V'],
    );
    if (withCvcuda) {
      assert.equal(step.result.previews[0].error, null);
      assert.equal(step.result.previews[0].result.gpu, true);
    }
    const convert = withCvcuda ? await preview(13, { op: 'convert', maxWidth: 256 }) : null;
    if (withCvcuda) {
      assert.equal(convert.ok, true, JSON.stringify(convert.error));
      assert.equal(convert.result.gpu, true);
      assert.equal(convert.result.bytesDownloaded, 256 * 144 * 3);
      assert.ok(convert.result.psnr >= 35, `convert PSNR ${convert.result.psnr}`);
      assert.ok(convert.result.wrongWrap, convert.result.wrongWrapReason);
      assert.ok(convert.result.thumbnail.rgb.equals(step.result.previews[0].result.thumbnail.rgb), 'the same frame, the same preview');
      const cvt = await preview(13, { op: 'cvtcolor' });
      assert.match(cvt.result.converter, /AdvCvtColor/);
      for (const params of [{ op: 'gaussian', kernelSize: 7, sigma: 2 }, { op: 'threshold', threshold: 128 }]) {
        const r = await preview(13, params);
        assert.equal(r.result.gpu, true);
        assert.ok(r.result.timings.totalMs > 0);
      }
      const flip = await preview(13, { op: 'flip', flipCode: 1 });
      assert.ok(flip.result.psnr >= 35);
      // "What if" BT.601: the swscale reference takes the same matrix, so the two agree; against the reference of
      // the stream's own matrix the picture falls below the bar.
      const wrongMatrix = await preview(13, { op: 'convert', matrix: 'bt601', maxWidth: 256 });
      assert.ok(wrongMatrix.result.psnr >= 35, `the what-if reference agrees: ${wrongMatrix.result.psnr} dB`);
      const rgbPsnr = (a, b) => {
        let sq = 0;
        for (let i = 0; i < a.length; i++) sq += (a[i] - b[i]) ** 2;
        return sq === 0 ? 99 : 10 * Math.log10((255 * 255) / (sq / a.length));
      };
      const against = rgbPsnr(wrongMatrix.result.thumbnail.rgb, convert.result.reference.rgb);
      assert.ok(against < 35, `BT.601 against the BT.709 reference: ${against} dB`);
      const badKernel = await preview(13, { op: 'gaussian', kernelSize: 8 });
      assert.equal(badKernel.error.code, 'INVALID_ARGUMENT');
      const next = await preview(14, { op: 'convert', maxWidth: 256 });
      assert.ok(!next.result.thumbnail.rgb.equals(convert.result.thumbnail.rgb), 'stepping changes the preview');
    } else {
      const refused = await preview(13, { op: 'convert' });
      assert.equal(refused.error.code, 'CVCUDA_NOT_FOUND');
    }
    const byTime = await call('show', { target: { seconds: 1 } });
    assert.equal(byTime.result.report.frameIndex, 24);
    // The memory view over the same RPC: luma rows from the last displayed ones into the chroma plane, one 2-D copy.
    const memory = await call('readMemory', { index: 24, range: { plane: 0, row: 1078, rows: 12 } });
    assert.equal(memory.ok, true, JSON.stringify(memory.error));
    assert.equal(memory.result.source, 'device-2d-copy');
    assert.equal(memory.result.frameIndex, 24);
    assert.equal(memory.result.bytesRead, 12 * memory.result.rowPitch);
    assert.equal(memory.result.data.length, memory.result.bytesRead);
    assert.deepEqual(
      [...new Set(memory.result.regions.map((r) => r.region))],
      ['visible', 'right-padding', 'coded-not-displayed', 'next-plane'],
    );
    const tooLarge = await call('readMemory', { index: 24, range: { offset: 0, length: 1048577 } });
    assert.equal(tooLarge.error.code, 'MEMORY_READ_TOO_LARGE');
    const bad = await call('show', { target: { index: -1 } });
    assert.equal(bad.error.code, 'INVALID_ARGUMENT');
    socket.close();
  } finally {
    proc.kill('SIGTERM');
    fs.rmSync(configDir, { recursive: true, force: true });
    if (process.env.ZCI_EVIDENCE_DIR) {
      // Thumbnail pixels are left out of the record; their sizes stay.
      const dropPixels = (img) => (img ? { width: img.width, height: img.height, bytes: img.rgb.length } : img);
      const slim = transcript.map((t) => {
        if (!t.response.ok) return t;
        const slimPreview = (r) => (r ? { ...r, thumbnail: dropPixels(r.thumbnail), reference: dropPixels(r.reference), wrongWrap: dropPixels(r.wrongWrap) } : r);
        if (t.method === 'readMemory') {
          const { data, ...rest } = t.response.result;
          return { ...t, response: { ...t.response, result: { ...rest, bytes: data.length } } };
        }
        if (t.method === 'show') {
          const r = t.response.result;
          const thumbnails = r.thumbnails?.map(({ data, ...rest }) => ({ ...rest, bytes: data.length })) ?? null;
          const previews = r.previews.map((o) => ({ ...o, result: slimPreview(o.result) }));
          return { ...t, response: { ...t.response, result: { ...r, thumbnails, previews } } };
        }
        return t;
      });
      fs.writeFileSync(path.join(process.env.ZCI_EVIDENCE_DIR, 'serve-flow.json'), JSON.stringify(slim, null, 1));
    }
  }
});
