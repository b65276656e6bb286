// Every fixture decodes, wraps into NVCV without a copy, and proves it; the same file runs on CPU and GPU tiers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { addon, fixture, hasGpu } from './helpers.mjs';

const fixtures = [
  { file: 'h264-1080p-420.mp4', codec: 'h264', width: 1920, height: 1080, codedHeight: 1088, bitDepth: 8, sub: '4:2:0' },
  { file: 'hevc-main10-1280x720.mp4', codec: 'hevc', width: 1280, height: 720, bitDepth: 10, sub: '4:2:0' },
  { file: 'h264-odd-642x362.mp4', codec: 'h264', width: 642, height: 362, bitDepth: 8, sub: '4:2:0' },
  { file: 'h264-444-640x360.mp4', codec: 'h264', width: 640, height: 360, bitDepth: 8, sub: '4:4:4' },
  { file: 'hevc-444-640x360.mp4', codec: 'hevc', width: 640, height: 360, bitDepth: 8, sub: '4:4:4' },
];

/** What every frame report must show, whatever the path. */
function assertEvidence(r) {
  const device = r.format.hwFormat === 'cuda';
  assert.ok(r.planes.length >= 2);
  for (const p of r.planes) {
    assert.equal(p.visibleBytesPerRow, p.width * p.bytesPerPixel, `plane ${p.index} visible bytes`);
    assert.equal(p.rightPadding, p.pitch - p.visibleBytesPerRow);
    assert.ok(p.rightPadding >= 0);
    assert.equal(p.match, true, `plane ${p.index}: NVCV ${p.nvcvPointer}/${p.nvcvRowStride} vs FFmpeg ${p.ffmpegPointer}/${p.pitch}`);
    assert.equal(p.nvcvPointer, p.ffmpegPointer);
    assert.equal(p.nvcvRowStride, p.pitch);
    assert.match(p.ffmpegPointer, /^0x[0-9a-f]+$/);
  }
  assert.equal(r.wrap.available, true, r.wrap.reason);
  assert.equal(r.wrap.numPlanes, r.planes.length);
  assert.equal(r.wrap.bufferType, 'STRIDED_CUDA');
  assert.equal(r.aliasing.ran, true);
  assert.equal(r.aliasing.passed, true, r.aliasing.reason);
  assert.equal(r.aliasing.restored, true);
  assert.equal(r.aliasing.readBack.split(',')[0], r.aliasing.canary);
  if (device) {
    assert.equal(r.wrap.descriptorOnly, false);
    // CV-CUDA's own operator writes the canary where it is loaded; the kernel otherwise, saying why.
    const cvcuda = addon.environment().cvcuda.loaded;
    assert.equal(r.aliasing.method, cvcuda ? 'cvcuda-flip' : 'device-kernel');
    if (cvcuda) assert.equal(r.aliasing.witnessNote, null);
    else assert.match(r.aliasing.witnessNote, /CV-CUDA is not loaded/);
    assert.equal(r.allocation.source, 'cuda-driver');
    assert.equal(r.allocation.memory, 'device');
    assert.equal(r.allocation.device, 0);
    assert.equal(r.context.oneContext, true, JSON.stringify(r.context));
    assert.equal(r.context.allocationContext, r.context.ffmpegContext);
    for (const p of r.planes) {
      if (r.allocation.planesInOneAllocation) {
        assert.equal(p.offsetInAllocation - r.planes[0].offsetInAllocation, p.offsetFromPlane0);
      }
    }
  } else {
    assert.equal(r.wrap.descriptorOnly, true);
    assert.match(r.wrap.hostRefusal, /host memory/);
    assert.equal(r.aliasing.method, 'host-store');
    assert.equal(r.allocation.source, 'host');
    assert.ok(r.allocation.rangeSize > 0);
  }
}

describe('frame reports of every fixture', () => {
  for (const f of fixtures) {
    test(f.file, async () => {
      const s = await addon.Session.open(fixture(f.file));
      try {
        const { info } = s;
        assert.equal(info.codec, f.codec);
        assert.equal(info.width, f.width);
        assert.equal(info.height, f.height);
        assert.equal(info.bitDepth, f.bitDepth);
        assert.equal(info.frameCountExact, true);
        assert.ok(info.keyFrames.length >= 2 && info.keyFrames[0] === 0);
        if (f.codedHeight) assert.equal(info.codedHeight, f.codedHeight);
        if (!hasGpu) assert.equal(info.decodePath, 'software');
        const r = (await s.show({ index: 3 })).report;
        assert.equal(r.frameIndex, 3);
        assert.equal(r.format.bitDepth, f.bitDepth);
        assert.equal(r.format.chromaSubsampling, f.sub);
        assert.equal(r.format.width, f.width);
        assertEvidence(r);
        if (f.sub === '4:2:0') {
          const chroma = r.planes[r.planes.length - 1];
          assert.equal(chroma.width, Math.ceil(f.width / 2));
          assert.equal(chroma.height, Math.ceil(f.height / 2));
        }
      } finally {
        s.close();
      }
    });
  }
});

test('the single-tensor view is judged from where chroma really starts', { skip: !hasGpu }, async () => {
  const s = await addon.Session.open(fixture('h264-1080p-420.mp4'));
  const r = (await s.show({ index: 0 })).report;
  s.close();
  const t = r.wrap.tensor;
  assert.equal(t.attempted, true);
  assert.equal(t.assumedChromaRow, 1080);
  assert.equal(t.actualChromaRow, r.planes[1].offsetFromPlane0 / r.planes[0].pitch);
  assert.equal(t.valid, t.actualChromaRow === 1080, t.reason);
  if (!t.valid) assert.match(t.reason, new RegExp(`chroma starts at row ${t.actualChromaRow}`));
  assert.equal(r.planes[0].hiddenRowsAfter, t.actualChromaRow - 1080);
});

test('NVDEC decodes 4:2:0 fixtures into NV12 and P010 device frames', { skip: !hasGpu }, async () => {
  for (const [file, fmt, name] of [
    ['h264-1080p-420.mp4', 'nv12', /NVCV_IMAGE_FORMAT_NV12|X8,X8_Y8/],
    ['hevc-main10-1280x720.mp4', 'p010le', /X10b6,X10b6_Y10b6/],
  ]) {
    const s = await addon.Session.open(fixture(file));
    const r = (await s.show({ index: 1 })).report;
    s.close();
    assert.equal(s.info.decodePath, 'nvdec', s.info.decodePathReason);
    assert.equal(r.format.hwFormat, 'cuda');
    assert.equal(r.format.swFormat, fmt);
    assert.match(r.wrap.formatName, name);
    assert.equal(r.allocation.planesInOneAllocation, true);
  }
});
