import { describe, expect, it } from 'vitest';
import { hexPieces, rowRegions } from '../../renderer/src/components/boundary/hex-row';
import { boundaryReads } from '../../renderer/src/components/boundary/boundary-reads';
import { planeBoundaries } from '../../renderer/src/model/boundary-rows';
import { allPlaneFacts } from '../../renderer/src/model/plane-facts';
import { addressAt, movePixel, pixelOffset } from '../../renderer/src/model/pixel-address';
import { pixelRegion, regionOfByte } from '../../renderer/src/model/pixel-region';
import { cositedSamples, readPixel } from '../../renderer/src/components/probe/probe-reading';
import { bitsText, decodePixel, sampleLayout } from '../../renderer/src/components/probe/sample-format';
import {
  TILE_BUDGET_BYTES,
  pixelUnder,
  planeGrid,
  planTiles,
  tileRange,
  zoomView,
} from '../../renderer/src/model/tile-plan';
import { colourRules, yuvToRgb } from '../../renderer/src/components/probe/yuv-rgb';
import { hostYuv420p1080, recordedGpuReport } from '../support/memory-reports';

describe('offsets and addresses', () => {
  it('writes the offset as row × pitch + x × bytes per pixel', () => {
    expect(pixelOffset(17, 1084, 2048, 1)).toEqual({
      offset: 1084 * 2048 + 17,
      formula: '1084 × 2048 + 17 × 1 = 2220049',
    });
    expect(pixelOffset(3, 2, 2560, 4).formula).toBe('2 × 2560 + 3 × 4 = 5132');
  });

  it('adds the offset to 64-bit pointers without losing bits', () => {
    expect(addressAt(0x7fff_ffff_fff0n, 0x20)).toBe('0x800000000010');
    expect(addressAt(0xffff_ffff_ffff_0000n, 0xffff)).toBe('0xffffffffffffffff');
    expect(addressAt(null, 5)).toBeNull();
  });

  it('moves the probe inside the plane', () => {
    expect(movePixel({ plane: 0, x: 0, y: 0 }, -1, -1, 10, 10)).toEqual({ plane: 0, x: 0, y: 0 });
    expect(movePixel({ plane: 1, x: 9, y: 4 }, 1, 1, 10, 10)).toEqual({ plane: 1, x: 9, y: 5 });
  });
});

describe('sample decoding', () => {
  it('reads 8-bit samples, and the U/V pair of NV12’s interleaved chroma', () => {
    const layout = sampleLayout('nv12', 8, { name: 'UV', bytesPerPixel: 2 });
    expect(layout).toMatchObject({ components: ['U', 'V'], bytesPerSample: 1, placement: 'byte' });
    expect(decodePixel(Uint8Array.of(0x80, 0x7e), 0, layout)).toEqual([
      { component: 'U', bytes: '80', word: '0x80', value: 128 },
      { component: 'V', bytes: '7e', word: '0x7e', value: 126 },
    ]);
  });

  it('takes P010’s value from the high 10 bits of a little-endian word', () => {
    const layout = sampleLayout('p010le', 10, { name: 'Y', bytesPerPixel: 2 });
    expect(layout).toMatchObject({ placement: 'high', shift: 6, mask: 0x3ff });
    // 940 << 6 = 0xeb00, stored low byte first.
    expect(decodePixel(Uint8Array.of(0x00, 0xeb), 0, layout)).toEqual([
      { component: 'Y', bytes: '00 eb', word: '0xeb00', value: 940 },
    ]);
    expect(bitsText(layout)).toBe('little-endian 16-bit word, 10 bits in the high bits 15…6: value = word >> 6');
    const uv = sampleLayout('p010le', 10, { name: 'UV', bytesPerPixel: 4 });
    expect(decodePixel(Uint8Array.of(0x00, 0x80, 0x40, 0x7f), 0, uv).map((s) => s.value)).toEqual([512, 509]);
  });

  it('takes yuv420p10le’s value from the low 10 bits', () => {
    const layout = sampleLayout('yuv420p10le', 10, { name: 'Y', bytesPerPixel: 2 });
    expect(layout).toMatchObject({ placement: 'low', shift: 0, mask: 0x3ff });
    expect(decodePixel(Uint8Array.of(0xac, 0x03), 0, layout)).toEqual([
      { component: 'Y', bytes: 'ac 03', word: '0x03ac', value: 940 },
    ]);
    expect(bitsText(layout)).toBe('little-endian 16-bit word, 10 bits in the low bits 9…0: value = word & 0x3ff');
  });

  it('reads big-endian words, 16-bit formats carrying fewer bits, and full 16-bit words', () => {
    expect(
      decodePixel(Uint8Array.of(0x03, 0xac), 0, sampleLayout('yuv420p10be', 10, { name: 'Y', bytesPerPixel: 2 })),
    ).toMatchObject([{ word: '0x03ac', value: 940 }]);
    expect(sampleLayout('yuv444p16le', 10, { name: 'Y', bytesPerPixel: 2 })).toMatchObject({
      placement: 'high',
      shift: 6,
    });
    expect(sampleLayout('p016le', 16, { name: 'Y', bytesPerPixel: 2 })).toMatchObject({ placement: 'word', shift: 0 });
    expect(decodePixel(Uint8Array.of(1), 0, sampleLayout('p010le', 10, { name: 'Y', bytesPerPixel: 2 }))).toEqual([]);
  });
});

describe('colour through the stream’s matrix and range', () => {
  it('maps limited-range white, black and BT.709 red', () => {
    expect(yuvToRgb(235, 128, 128, 8, 'bt709', 'tv', 1080)).toMatchObject({ r: 255, g: 255, b: 255, assumptions: [] });
    expect(yuvToRgb(16, 128, 128, 8, 'bt709', 'tv', 1080)).toMatchObject({ r: 0, g: 0, b: 0 });
    const red = yuvToRgb(63, 102, 240, 8, 'bt709', 'tv', 1080);
    expect(red.r).toBeGreaterThanOrEqual(254);
    expect(red.g).toBeLessThanOrEqual(1);
    expect(red.b).toBeLessThanOrEqual(1);
  });

  it('scales to 10 bits and to full range', () => {
    expect(yuvToRgb(940, 512, 512, 10, 'bt2020nc', 'tv', 720)).toMatchObject({
      r: 255,
      g: 255,
      b: 255,
      matrix: 'BT.2020',
    });
    expect(yuvToRgb(255, 128, 128, 8, 'bt709', 'pc', 1080)).toMatchObject({ r: 255, range: 'full' });
    // BT.601 and BT.709 disagree on the same samples: the matrix matters.
    const sd = yuvToRgb(81, 90, 240, 8, 'smpte170m', 'tv', 480);
    const hd = yuvToRgb(81, 90, 240, 8, 'bt709', 'tv', 480);
    expect(sd.g).not.toBe(hd.g);
  });

  it('says what it assumed for an unspecified matrix or range', () => {
    expect(colourRules('unknown', 'unknown', 1080).assumptions).toEqual([
      'matrix unknown → BT.709 assumed (720 rows or more)',
      'range unknown → limited assumed',
    ]);
    expect(colourRules('unknown', 'tv', 360).assumptions).toEqual(['matrix unknown → BT.601 assumed (under 720 rows)']);
  });
});

describe('regions of pixels', () => {
  it('tells visible, coded columns, right padding, coded rows and allocator rows apart', () => {
    const [odd] = allPlaneFacts(recordedGpuReport('h264-odd-642x362.mp4'));
    const [host] = allPlaneFacts(hostYuv420p1080());
    if (odd === undefined || host === undefined) throw new Error('no planes');
    expect(pixelRegion(odd, 641, 0)).toBe('visible');
    expect(pixelRegion(odd, 642, 0)).toBe('coded-not-displayed');
    expect(pixelRegion(odd, 656, 0)).toBe('right-padding');
    expect(pixelRegion(odd, 0, 362)).toBe('coded-not-displayed');
    expect(pixelRegion(odd, 700, 363)).toBe('right-padding');
    expect(pixelRegion(host, 5, 1087)).toBe('coded-not-displayed');
    expect(pixelRegion(host, 5, 1088)).toBe('allocator-padding');
    expect(pixelRegion(host, 5, 1090)).toBe('outside-planes');
    expect(
      regionOfByte(
        [
          { start: 0, length: 4, region: 'visible', plane: 0 },
          { start: 4, length: 2, region: 'right-padding', plane: 0 },
        ],
        5,
      ),
    ).toBe('right-padding');
  });

  it('reads a pixel with both addresses and names its region', () => {
    const [luma] = allPlaneFacts(recordedGpuReport('hevc-main10-1280x720.mp4'));
    if (luma === undefined) throw new Error('no luma');
    const layout = sampleLayout('p010le', 10, luma);
    const reading = readPixel(luma, layout, { plane: 0, x: 3, y: 2 }, Uint8Array.of(0x00, 0xeb), 'visible');
    expect(reading.formula).toBe('2 × 2560 + 3 × 2 = 5126');
    expect(BigInt(reading.ffmpegAddress ?? '0') - luma.ffmpegPointer).toBe(5126n);
    expect(reading.nvcvAddress).toBe(reading.ffmpegAddress);
    expect(reading).toMatchObject({ regionLabel: 'visible', pair: null });
  });

  it('finds the co-sited samples of NV12 and of planar 4:2:0', () => {
    const nv12 = recordedGpuReport('h264-1080p-420.mp4');
    expect(cositedSamples(nv12, allPlaneFacts(nv12), { plane: 0, x: 5, y: 7 })).toMatchObject({
      y: { plane: 0, x: 5, y: 7 },
      u: { plane: 1, x: 2, y: 3, component: 0 },
      v: { plane: 1, x: 2, y: 3, component: 1 },
    });
    const host = hostYuv420p1080();
    expect(cositedSamples(host, allPlaneFacts(host), { plane: 2, x: 4, y: 1 })).toMatchObject({
      y: { plane: 0, x: 8, y: 2 },
      u: { plane: 1, x: 4, y: 1 },
      v: { plane: 2, x: 4, y: 1 },
    });
  });
});

describe('tile planning', () => {
  const [luma] = allPlaneFacts(hostYuv420p1080());
  if (luma === undefined) throw new Error('no luma');
  const grid = planeGrid(luma);

  it('covers the whole pitch and every row of the allocation', () => {
    expect(grid).toEqual({ plane: 0, columns: 1920, rows: 1090, bytesPerPixel: 1, pitch: 1920 });
    expect(tileRange(grid, 29, 17)).toEqual({ plane: 0, row: 1088, rows: 2, byteStart: 1856, byteCount: 64 });
  });

  it('reads only the tiles a zoomed view shows, within the budget', () => {
    const plan = planTiles(grid, { zoom: 16, x: 100, y: 1070 }, { width: 640, height: 360 });
    expect(plan.withinBudget).toBe(true);
    expect(plan.tiles.map((t) => [t.tx, t.ty])).toEqual([
      [1, 16],
      [2, 16],
      [1, 17],
      [2, 17],
    ]);
    expect(plan.bytes).toBe(64 * 64 * 2 + 64 * 2 * 2);
  });

  it('reads nothing when a view would need more than the budget', () => {
    const plan = planTiles(grid, { zoom: 0.5, x: 0, y: 0 }, { width: 640, height: 360 });
    expect(plan.withinBudget).toBe(false);
    expect(plan.tiles).toEqual([]);
    expect(plan.bytes).toBeGreaterThan(TILE_BUDGET_BYTES);
  });

  it('zooms around the anchor, up to 64×, and finds the pixel under a point', () => {
    let view = { zoom: 1, x: 0, y: 0 };
    for (let i = 0; i < 12; i += 1) view = zoomView(view, 1, { x: 320, y: 180 });
    expect(view.zoom).toBe(64);
    expect(pixelUnder(view, 320, 180)).toEqual({ x: 320, y: 180 });
    expect(zoomView({ zoom: 0.125, x: 0, y: 0 }, -1, { x: 0, y: 0 }).zoom).toBe(0.125);
  });
});

describe('boundary rows as bytes', () => {
  it('reads each run of rows once, and the allocation’s tail as part of a row', () => {
    const [y] = planeBoundaries(allPlaneFacts(hostYuv420p1080()), false);
    if (y === undefined) throw new Error('no boundary');
    const { reads, tail } = boundaryReads(y);
    expect(reads.map((read) => read.range)).toEqual([{ plane: 0, row: 1078, rows: 12 }]);
    expect(tail).toEqual({ plane: 0, row: 1090, rows: 1, byteStart: 0, byteCount: 79 });
  });

  it('cuts a 2048-byte row to its first bytes, the bytes around each change of region and its last', () => {
    const spans = rowRegions(
      [
        { start: 0, length: 1920, region: 'visible', plane: 0 },
        { start: 1920, length: 128, region: 'right-padding', plane: 0 },
        { start: 2048, length: 1920, region: 'coded-not-displayed', plane: 0 },
        { start: 3968, length: 128, region: 'right-padding', plane: 0 },
      ],
      1,
      2048,
    );
    expect(spans).toEqual([
      { region: 'coded-not-displayed', start: 0, length: 1920 },
      { region: 'right-padding', start: 1920, length: 128 },
    ]);
    expect(hexPieces(spans, 2048)).toEqual([
      { kind: 'bytes', start: 0, end: 8, region: 'coded-not-displayed' },
      { kind: 'gap', start: 8, end: 1916 },
      { kind: 'bytes', start: 1916, end: 1920, region: 'coded-not-displayed' },
      { kind: 'edge', at: 1920, from: 'coded-not-displayed', to: 'right-padding' },
      { kind: 'bytes', start: 1920, end: 1924, region: 'right-padding' },
      { kind: 'gap', start: 1924, end: 2044 },
      { kind: 'bytes', start: 2044, end: 2048, region: 'right-padding' },
    ]);
    expect(hexPieces(spans, 2048, undefined, true).filter((p) => p.kind === 'gap')).toEqual([]);
  });
});
