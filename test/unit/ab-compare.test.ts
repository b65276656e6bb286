import { describe, expect, it } from 'vitest';
import { greyDifference } from '../../renderer/src/components/ab/grey-difference';
import { changedCount, compareReports } from '../../renderer/src/components/ab/report-diff';
import { strideFaultFrame } from '../support/fault-reports';
import { describedHostFrame, mismatchFrame, paddedNv12Device } from '../support/reports';

const rowsOf = (groups: ReturnType<typeof compareReports>) =>
  new Map(groups.flatMap((g) => g.rows).map((r) => [r.key, r]));

describe('A/B of two reports', () => {
  it('marks nothing when A and B are the same report', () => {
    const report = paddedNv12Device();
    const groups = compareReports(report, structuredClone(report));
    expect(changedCount(groups)).toBe(0);
    expect(groups.map((g) => g.title)).toEqual([
      'Frame and decode path',
      'Format',
      'Layout',
      'Pointers and reuse',
      'Pool',
      'Verdicts',
    ]);
  });

  it('marks exactly the fields that differ: the next frame in a reused surface', () => {
    const a = paddedNv12Device();
    const b = structuredClone(a);
    b.frameIndex = a.frameIndex + 1;
    b.pool.addressSeenBefore = !a.pool.addressSeenBefore;
    b.planes[0]!.ffmpegPointer = '0x7f0000200000';
    b.planes[0]!.nvcvPointer = '0x7f0000200000';
    const rows = rowsOf(compareReports(a, b));
    const changed = [...rows.values()].filter((r) => r.changed).map((r) => r.key);
    expect(changed).toEqual(['frame', 'plane0-ffmpeg', 'plane0-nvcv', 'reused']);
    expect(rows.get('plane0-ffmpeg')).toMatchObject({ a: a.planes[0]!.ffmpegPointer, b: '0x7f0000200000' });
    expect(rows.get('plane0-pitch')?.changed).toBe(false);
  });

  it('sets an NVDEC frame beside a host one: the decode path and the memory differ, the layout does not', () => {
    const gpu = paddedNv12Device();
    const cpu = describedHostFrame();
    const rows = rowsOf(compareReports(gpu, cpu));
    const changed = [...rows.values()].filter((r) => r.changed).map((r) => r.key);
    expect(changed).toEqual(['decode-path', 'allocation-memory']);
    expect(rows.get('decode-path')).toMatchObject({ a: 'nvdec', b: 'software' });
  });

  it("judges equal pointers from the pointers, so an old capture's stride fault is a stride row, not a pointer row", () => {
    const right = paddedNv12Device();
    const old = strideFaultFrame(true);
    expect(old.planes[0]?.match).toBe(false);
    const rows = rowsOf(compareReports(right, old));
    expect(rows.get('plane0-match')).toMatchObject({ a: 'yes', b: 'yes', changed: false });
    expect(rows.get('plane0-stride')).toMatchObject({ a: 'yes', b: 'no', changed: true });
    expect(rows.get('plane1-stride')).toMatchObject({ a: 'yes', b: 'yes', changed: false });
  });

  it('marks pointers that differ as unequal, and shows a plane NVCV exported no pointer for with a dash', () => {
    const rows = rowsOf(compareReports(paddedNv12Device(), mismatchFrame()));
    expect(rows.get('plane1-match')).toMatchObject({ a: 'yes', b: 'no', changed: true });
    expect(rows.get('plane0-match')?.changed).toBe(false);
    const none = paddedNv12Device();
    none.planes[0]!.nvcvPointer = null;
    none.planes[0]!.nvcvRowStride = null;
    const dashed = rowsOf(compareReports(paddedNv12Device(), none));
    expect(dashed.get('plane0-match')).toMatchObject({ a: 'yes', b: '—', changed: true });
    expect(dashed.get('plane0-stride')).toMatchObject({ a: 'yes', b: '—', changed: true });
  });

  it('shows a plane only one side has with a dash on the other', () => {
    const a = paddedNv12Device();
    const b = structuredClone(a);
    b.planes.push({ ...a.planes[1]!, index: 2, name: 'V' });
    const rows = rowsOf(compareReports(a, b));
    expect(rows.get('plane2-pitch')).toMatchObject({ a: '—', b: String(a.planes[1]!.pitch), changed: true });
    expect(rows.get('planes')).toMatchObject({ a: '2', b: '3', changed: true });
  });
});

describe('the difference of two grey thumbnails', () => {
  const thumb = (data: number[], width = 2, height = 2) => ({
    plane: 0,
    name: 'Y',
    width,
    height,
    data: Uint8Array.from(data),
  });

  it('counts differing pixels and the largest difference, and draws |A − B| with a gain', () => {
    const d = greyDifference(thumb([10, 20, 30, 40]), thumb([10, 25, 30, 0]));
    expect(d).toMatchObject({ width: 2, height: 2, differing: 2, maxDifference: 40 });
    expect(Array.from(d!.data)).toEqual([0, 20, 0, 160]);
    expect(greyDifference(thumb([1, 2, 3, 4]), thumb([1, 2, 3, 4]))?.differing).toBe(0);
  });

  it('has none when the sizes disagree', () => {
    expect(greyDifference(thumb([1, 2, 3, 4]), thumb([1, 2, 3, 4, 5, 6], 3, 2))).toBeNull();
  });
});
