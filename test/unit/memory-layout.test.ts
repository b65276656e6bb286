import { describe, expect, it } from 'vitest';
import { allocatorPaddingReason, codedSizeReason, rightPaddingReason } from '../../wording/coded-size';
import { layoutMarks, mergeTicks } from '../../renderer/src/components/layout/axis';
import { boundaryEndText, hiddenLabel } from '../../renderer/src/components/layout/block-text';
import { planeBoundaries, rowSpans } from '../../renderer/src/model/boundary-rows';
import { layoutGeometry } from '../../renderer/src/components/layout/geometry';
import { allPlaneFacts, planeFacts, subsampling } from '../../renderer/src/model/plane-facts';
import { drawingKey, insetKey } from '../../renderer/src/components/layout/render-keys';
import { hostYuv420p1080, recordedGpuReport } from '../support/memory-reports';
import { paddedNv12Device } from '../support/reports';

describe('why the coded size exceeds the display size, by codec', () => {
  it('says H.264 codes whole macroblocks: 1080 → 1088 and 642 → 656', () => {
    expect(codedSizeReason('h264', 'rows', 1080, 1088)).toBe(
      'H.264 codes whole 16×16 macroblocks: 1080 rows become 1088 (68 macroblock rows); the stream’s frame cropping hides the last 8 rows.',
    );
    expect(codedSizeReason('h264', 'columns', 642, 656)).toContain('642 columns become 656 (41 macroblock columns)');
    expect(codedSizeReason('h264', 'columns', 642, 656)).toContain('hides the last 14 columns');
  });

  it('says HEVC codes coding-tree blocks cropped by the conformance window', () => {
    const text = codedSizeReason('hevc', 'rows', 1080, 1088);
    expect(text).toContain('HEVC codes whole coding-tree blocks');
    expect(text).toContain('conformance window hides the last 8 rows');
  });

  it('says nothing when nothing is coded beyond the picture, and stays general for other codecs', () => {
    expect(codedSizeReason('h264', 'rows', 720, 720)).toBeNull();
    expect(codedSizeReason('prores', 'rows', 1080, 1088)).toContain('prores codes a larger picture');
    expect(codedSizeReason(null, 'rows', 1, 2)).toContain('The codec codes a larger picture than it displays');
    expect(codedSizeReason('h264', 'rows', 1080, 1090)).not.toContain('macroblock rows)');
  });

  it('names the allocator for padding rows and the pitch for padding bytes', () => {
    expect(allocatorPaddingReason(2)).toContain('FFmpeg’s frame pool made the buffer 2 rows taller');
    expect(allocatorPaddingReason(1)).toContain('1 row taller');
    expect(allocatorPaddingReason(0)).toBeNull();
    expect(rightPaddingReason(128, 2048)).toContain('pitch (2048 B), so 128 B');
    expect(rightPaddingReason(0, 1920)).toBeNull();
  });
});

describe('plane facts', () => {
  it('reads subsampling from its text', () => {
    expect(subsampling('4:2:0')).toEqual({ h: 2, v: 2 });
    expect(subsampling('4:2:2')).toEqual({ h: 2, v: 1 });
    expect(subsampling('4:4:4')).toEqual({ h: 1, v: 1 });
    expect(subsampling('gray')).toEqual({ h: 1, v: 1 });
  });

  it('derives the split of NVDEC’s recorded 1080p frame: 8 coded rows, no allocator padding, chroma at 1088', () => {
    const [luma, chroma] = allPlaneFacts(recordedGpuReport('h264-1080p-420.mp4'));
    expect(luma).toMatchObject({ codedHeight: 1088, codedRowsNotDisplayed: 8, allocatorPaddingRows: 0, rows: 1088 });
    expect(luma).toMatchObject({
      rightPaddingBytes: 128,
      separateAllocation: false,
      offsetFromPlane0: 0,
      derived: true,
    });
    expect(chroma).toMatchObject({ name: 'UV', codedHeight: 544, codedRowsNotDisplayed: 4, allocatorPaddingRows: 0 });
    expect(chroma).toMatchObject({ offsetFromPlane0: 1088 * 2048, offsetInAllocation: 1088 * 2048, tailBytes: 0 });
  });

  it('derives the odd clip’s coded columns (642 → 656) from the recorded frame', () => {
    const [luma, chroma] = allPlaneFacts(recordedGpuReport('h264-odd-642x362.mp4'));
    expect(luma).toMatchObject({ codedWidth: 656, codedColumnsNotDisplayed: 14, visibleBytes: 642, codedBytes: 656 });
    expect(luma).toMatchObject({ rightPaddingBytes: 1024 - 656, codedRowsNotDisplayed: 6, allocatorPaddingRows: 0 });
    expect(chroma).toMatchObject({ codedWidth: 328, codedColumnsNotDisplayed: 7, codedBytes: 656, bytesPerPixel: 2 });
  });

  it('counts no coded rows where the uploaded frame holds none (software decode + upload of 4:4:4)', () => {
    const [luma] = allPlaneFacts(recordedGpuReport('h264-444-640x360.mp4'));
    expect(luma).toMatchObject({ codedRowsNotDisplayed: 0, allocatorPaddingRows: 0, rows: 360 });
  });

  it('splits host frames into coded and allocator rows, each plane in its own allocation', () => {
    const [y, u, v] = allPlaneFacts(hostYuv420p1080());
    expect(y).toMatchObject({ codedRowsNotDisplayed: 8, allocatorPaddingRows: 2, rows: 1090, tailBytes: 79 });
    expect(y).toMatchObject({ separateAllocation: true, offsetFromPlane0: 0, allocation: { size: 1920 * 1090 + 79 } });
    expect(u).toMatchObject({ codedRowsNotDisplayed: 4, allocatorPaddingRows: 1, separateAllocation: true });
    expect(u?.offsetFromPlane0).toBeNull();
    expect(u?.allocation).toBeNull();
    expect(v?.offsetFromPlane0).toBeNull();
  });

  it('takes the report’s own split, coded size and allocation over anything derived', () => {
    const report = hostYuv420p1080();
    Object.assign(report.planes[1] ?? {}, {
      codedWidth: 960,
      codedHeight: 544,
      codedRowsNotDisplayed: 4,
      allocatorPaddingRows: 1,
      codedColumnsNotDisplayed: 0,
      separateAllocation: true,
      allocation: { start: '0x7f0010000000', size: 64 + 960 * 545 + 31 },
      offsetFromPlane0: null,
    });
    const u = planeFacts(report, 1);
    expect(u).toMatchObject({ derived: false, offsetInAllocation: 64, rows: 545, tailBytes: 31 });
    expect(u.allocation).toEqual({ start: 0x7f0010000000n, size: 64 + 960 * 545 + 31 });
  });
});

describe('the row axis', () => {
  it('keeps ticks in order and merges those closer than a label', () => {
    const ticks = mergeTicks(
      [
        { y: 1088, label: 'coded' },
        { y: 0, label: 'row 0' },
        { y: 1080, label: 'display' },
        { y: 1632, label: 'end' },
        { y: 1088, label: 'coded' },
      ],
      300 / 1632,
      14,
    );
    expect(ticks).toEqual([
      { y: 0, labels: ['row 0'] },
      { y: 1080, labels: ['display', 'coded'] },
      { y: 1632, labels: ['end'] },
    ]);
  });

  it('keeps ticks apart when the drawing is tall enough, and needs more room below a merged tick', () => {
    const marks = [
      { y: 0, label: 'a' },
      { y: 10, label: 'b' },
      { y: 20, label: 'c' },
    ];
    expect(mergeTicks(marks, 1.2, 14).map((t) => t.labels)).toEqual([['a', 'b'], ['c']]);
    expect(mergeTicks(marks, 1, 14).map((t) => t.labels)).toEqual([['a', 'b', 'c']]);
    expect(mergeTicks(marks, 10, 14).map((t) => t.labels)).toEqual([['a'], ['b'], ['c']]);
    for (const scale of [0.01, 0.3, 1, 3, 30]) {
      const ys = mergeTicks(marks, scale, 14).map((t) => t.y);
      expect(ys).toEqual([...ys].sort((p, q) => p - q));
    }
  });

  it('marks row 0, the display height, the coded height, each plane’s start and the allocation’s end', () => {
    const marks = layoutMarks(layoutGeometry(paddedNv12Device()));
    expect(marks).toEqual([
      { y: 0, label: 'Y row 0' },
      { y: 1080, label: 'Y 1080 display' },
      { y: 1088, label: 'Y 1088 coded' },
      { y: 1088, label: 'UV row 0' },
      { y: 1628, label: 'UV 540 display' },
      { y: 1632, label: 'UV 544 coded' },
      { y: 1632, label: 'allocation end' },
    ]);
  });
});

describe('the rows around each plane’s end', () => {
  it('lists NVDEC’s 1080p boundary: 2 visible rows, 8 coded rows, then UV from row 1088 = 1088 × 2048', () => {
    const report = paddedNv12Device();
    const [first, second] = planeBoundaries(allPlaneFacts(report), true);
    const rows = first?.lines.map((line) => (line.kind === 'row' ? `${line.plane}:${line.row}:${line.region}` : 'gap'));
    expect(rows).toEqual([
      '0:1078:visible',
      '0:1079:visible',
      ...[1080, 1081, 1082, 1083, 1084, 1085, 1086, 1087].map((r) => `0:${r}:coded-not-displayed`),
      '1:0:next-plane',
      '1:1:next-plane',
    ]);
    expect(first?.lines.at(-2)).toMatchObject({ allocationRow: 1088 });
    expect(first && boundaryEndText(first)).toBe('UV starts at byte 2228224 = 1088 × 2048 from Y’s first byte');
    expect(second?.end).toMatchObject({ kind: 'allocation-end', rows: 544, tailBytes: 0 });
  });

  it('ends host planes at their own allocation and names the next plane’s allocation apart', () => {
    const [y] = planeBoundaries(allPlaneFacts(hostYuv420p1080()), false);
    expect(y?.lines.map((line) => line.kind === 'row' && line.region)).toEqual([
      'visible',
      'visible',
      ...Array<string>(8).fill('coded-not-displayed'),
      'allocator-padding',
      'allocator-padding',
    ]);
    expect(y?.end).toMatchObject({ kind: 'allocation-end', rows: 1090, pitch: 1920, tailBytes: 79 });
    expect(y && boundaryEndText(y)).toBe(
      'Y’s allocation ends: 2092800 = 1090 × 1920 + 79 B outside any plane = 2092879 B',
    );
  });

  it('elides the middle of a long run and says how many rows it left out', () => {
    const report = hostYuv420p1080();
    const luma = report.planes[0];
    if (luma === undefined) throw new Error('no luma');
    luma.hiddenRowsAfter = 108;
    const [y] = planeBoundaries(allPlaneFacts(report), false, { before: 2, after: 2, maxRun: 10 });
    const elided = y?.lines.filter((line) => line.kind === 'elided');
    expect(elided).toEqual([
      { kind: 'elided', plane: 0, region: 'allocator-padding', from: 1093, to: 1182, count: 90 },
    ]);
    expect(y?.lines.filter((line) => line.kind === 'row' && line.region === 'allocator-padding')).toHaveLength(10);
  });

  it('spans a row by region and labels the hidden rows with their one name', () => {
    const [luma] = allPlaneFacts(recordedGpuReport('h264-odd-642x362.mp4'));
    if (luma === undefined) throw new Error('no luma');
    expect(rowSpans(luma, 'visible')).toEqual([
      { region: 'visible', start: 0, length: 642 },
      { region: 'coded-not-displayed', start: 642, length: 14 },
      { region: 'right-padding', start: 656, length: 368 },
    ]);
    expect(rowSpans(luma, 'coded-not-displayed')).toEqual([
      { region: 'coded-not-displayed', start: 0, length: 656 },
      { region: 'right-padding', start: 656, length: 368 },
    ]);
    expect(rowSpans(luma, 'allocator-padding')).toEqual([{ region: 'allocator-padding', start: 0, length: 1024 }]);
    const [y] = allPlaneFacts(hostYuv420p1080());
    expect(y && hiddenLabel(y)).toBe('← 8 coded but not displayed + 2 allocator padding rows');
  });
});

describe('what the drawing and the insets show, as keys', () => {
  it('stays equal across frames laid out alike, and changes with what they show', () => {
    const a = paddedNv12Device();
    const b = { ...paddedNv12Device(), frameIndex: 9 };
    expect(drawingKey(layoutGeometry(a))).toBe(drawingKey(layoutGeometry(b)));
    const [insetA] = planeBoundaries(allPlaneFacts(a), true);
    const [insetB] = planeBoundaries(allPlaneFacts(b), true);
    expect(insetA && insetKey(insetA)).toBe(insetB && insetKey(insetB));
    const c = paddedNv12Device();
    c.planes[0]!.hiddenRowsAfter = 10;
    c.planes[1]!.offsetFromPlane0 = 1090 * 2048;
    c.planes[1]!.offsetInAllocation = 1090 * 2048;
    expect(drawingKey(layoutGeometry(c))).not.toBe(drawingKey(layoutGeometry(a)));
    const [insetC] = planeBoundaries(allPlaneFacts(c), true);
    expect(insetC && insetKey(insetC)).not.toBe(insetA && insetKey(insetA));
  });
});
