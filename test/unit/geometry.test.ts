import { describe, expect, it } from 'vitest';
import { hiddenRowsAfter, layoutGeometry } from '../../renderer/src/components/layout/geometry';
import { formatBytes, formatTime, groupHex, hexDelta } from '../../renderer/src/format';
import { paddedNv12Device } from '../support/reports';

describe('layout geometry of a padded 1920x1080 NV12 frame (coded 1088, pitch 2048)', () => {
  const geometry = layoutGeometry(paddedNv12Device());
  const find = (kind: string, plane: number) => geometry.blocks.find((b) => b.kind === kind && b.plane === plane);

  it('is as wide as the pitch and as tall as the allocation in rows', () => {
    expect(geometry.width).toBe(2048);
    expect(geometry.height).toBe(1088 + 544);
    expect(geometry.together).toBe(true);
    expect(geometry.anomalies).toEqual([]);
  });

  it('draws visible bytes and right padding of each plane', () => {
    expect(find('visible', 0)).toMatchObject({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(find('padding', 0)).toMatchObject({ x: 1920, y: 0, width: 128, height: 1088 });
    expect(find('visible', 1)).toMatchObject({ y: 1088, width: 1920, height: 540, byteStart: 2048 * 1088 });
  });

  it('draws the 8 rows between luma and chroma as coded but not displayed, none as allocator padding', () => {
    expect(find('coded-rows', 0)).toMatchObject({
      y: 1080,
      height: 8,
      rows: 8,
      width: 1920,
      byteStart: 2048 * 1080,
      byteEnd: 2048 * 1087 + 1920,
    });
    expect(find('allocator-rows', 0)).toBeUndefined();
    const [luma] = geometry.sections;
    if (luma === undefined) throw new Error('no luma');
    expect(hiddenRowsAfter(luma.facts)).toBe(8);
  });

  it('draws the 4 chroma rows after the picture, up to the end of the allocation, as coded rows', () => {
    expect(find('coded-rows', 1)).toMatchObject({ y: 1628, rows: 4, byteStart: 2048 * 1628 });
    expect(find('tail', 1)).toBeUndefined();
    expect(geometry.tailTruncated).toBe(false);
  });

  it('keeps every block’s area equal to its bytes', () => {
    for (const block of geometry.blocks) {
      const pitch = 2048;
      expect(block.byteEnd - block.byteStart).toBe((block.rows - 1) * pitch + block.width);
    }
  });
});

describe('layout geometry of planes in separate allocations', () => {
  it('stacks planes by index with separators; hidden rows come from each plane, never from other planes', () => {
    const report = paddedNv12Device();
    report.allocation.planesInOneAllocation = false;
    report.allocation.rangeSize = 2048 * 1090 + 79;
    const [luma, chroma] = report.planes;
    if (luma === undefined || chroma === undefined) throw new Error('no planes');
    luma.hiddenRowsAfter = 10;
    chroma.offsetFromPlane0 = -50_000_000;
    chroma.offsetInAllocation = null;
    chroma.hiddenRowsAfter = 5;
    const geometry = layoutGeometry(report);
    expect(geometry.together).toBe(false);
    expect(geometry.blocks.find((b) => b.kind === 'coded-rows' && b.plane === 0)).toMatchObject({ rows: 8 });
    expect(geometry.blocks.find((b) => b.kind === 'allocator-rows' && b.plane === 0)).toMatchObject({ rows: 2 });
    expect(geometry.blocks.find((b) => b.kind === 'tail' && b.plane === 0)).toMatchObject({ byteStart: 2048 * 1090 });
    expect(geometry.blocks.find((b) => b.kind === 'coded-rows' && b.plane === 1)).toMatchObject({ rows: 4 });
    expect(geometry.blocks.find((b) => b.kind === 'allocator-rows' && b.plane === 1)).toMatchObject({ rows: 1 });
    expect(geometry.separators).toHaveLength(1);
    expect(geometry.blocks.find((b) => b.kind === 'visible' && b.plane === 1)?.y).toBeGreaterThan(1090);
  });

  it('flags planes that overlap in one allocation and shortens a huge tail', () => {
    const report = paddedNv12Device();
    const chroma = report.planes[1];
    if (chroma === undefined) throw new Error('no chroma');
    chroma.offsetFromPlane0 = 2048 * 1000;
    chroma.offsetInAllocation = 2048 * 1000;
    chroma.hiddenRowsAfter = 0;
    report.allocation.rangeSize = 2048 * 100_000;
    const geometry = layoutGeometry(report);
    expect(geometry.anomalies[0]).toContain('starts');
    expect(geometry.tailTruncated).toBe(true);
  });
});

describe('formatting', () => {
  it('groups pointers, sizes and times for reading', () => {
    expect(groupHex('0x7f3a00001000')).toBe('0x7f3a_0000_1000');
    expect(groupHex('0x1')).toBe('0x1');
    expect(groupHex(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3342336)).toBe('3.19 MiB');
    expect(formatTime(61.5)).toBe('1:01.500');
    expect(hexDelta('0x7f0000220040', '0x7f0000220000')).toBe(64n);
    expect(hexDelta(null, '0x1')).toBeNull();
  });
});
