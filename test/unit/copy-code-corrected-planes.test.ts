/**
 * The planes where NVDEC wrote them (wording/copy-code/facts.ts correctedPlanes): FFmpeg's offsets moved by the
 * witness's measured distances, and the rows before the next plane recounted from the moved offsets, as the
 * corrected copy-as-code wrap and its one-tensor form read them (vp9-odd-641x361.webm: chroma one 1024-byte row
 * after FFmpeg's pointer).
 */
import { describe, expect, it } from 'vitest';
import { correctedPlanes, type PlaneFacts } from '../../wording/copy-code/facts';
import type { DecoderFix } from '../../wording/copy-code/decoder-fix';

const plane = (index: number, name: string, height: number, offsetFromPlane0: number | null): PlaneFacts => ({
  index,
  name,
  width: index === 0 ? 641 : 321,
  height,
  pitch: 1024,
  pointer: '0x0',
  channels: index === 0 ? 1 : 2,
  offsetFromPlane0,
  codedRowsNotDisplayed: null,
  allocatorPaddingRows: null,
  hiddenRowsAfter: null,
  rowsBeforeNextPlane: null,
});

/** FFmpeg's planes of the odd-height frame: chroma at pitch x 361, where NVDEC wrote it at pitch x 362. */
const FFMPEG = [plane(0, 'Y', 361, 0), plane(1, 'UV', 181, 1024 * 361)];
const shift = (bytes: number, rows: number | null): DecoderFix => ({
  kind: 'shift',
  surfacePitch: 1024,
  planes: [{ index: 1, name: 'UV', bytes, rows, copiedRows: null, rowsNeeded: null }],
});

describe('correctedPlanes', () => {
  it("moves a flagged plane by the measured bytes and recounts the rows before it: 362, NVDEC's even height", () => {
    const [luma, chroma] = correctedPlanes(FFMPEG, shift(1024, 1));
    expect(chroma?.offsetFromPlane0).toBe(1024 * 362);
    expect(luma?.offsetFromPlane0).toBe(0);
    expect(luma?.rowsBeforeNextPlane).toBe(362);
    expect(luma?.hiddenRowsAfter).toBe(1);
  });

  it('leaves planes the witness did not flag where FFmpeg put them, and their rows as FFmpeg counted them', () => {
    const same = correctedPlanes(FFMPEG, shift(0, 0));
    expect(same.map((p) => p.offsetFromPlane0)).toEqual([0, 1024 * 361]);
    expect(same[0]?.rowsBeforeNextPlane).toBe(361);
    expect(same[0]?.hiddenRowsAfter).toBe(0);
  });

  it('knows no row count where the moved distance is not whole rows of the pitch', () => {
    const [luma] = correctedPlanes(FFMPEG, shift(512, null));
    expect(luma?.rowsBeforeNextPlane).toBeNull();
    expect(luma?.hiddenRowsAfter).toBeNull();
  });

  it('keeps planes in allocations of their own (no offset from plane 0) as they are', () => {
    const apart = [plane(0, 'Y', 361, null), plane(1, 'UV', 181, null)];
    expect(correctedPlanes(apart, shift(1024, 1))).toEqual(apart);
  });
});
