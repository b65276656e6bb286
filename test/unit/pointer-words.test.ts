/** A pointer mismatch in rows, the differing hex digits, and the words of the pointer verdict. */
import { describe, expect, it } from 'vitest';
import { frameVerdicts, pointerVerdict } from '../../wording/verdicts';
import { hexDiff } from '../../renderer/src/components/identity/hex-diff';
import { explainDelta, signed } from '../../contract/pointer-delta';
import { mismatchFrame, paddedNv12Device } from '../support/reports';

const chroma = { index: 1, name: 'UV', offsetFromPlane0: 2048 * 1088 };

describe('explainDelta', () => {
  it('puts a whole-row delta of the chroma plane as the rows NVCV and FFmpeg start it at', () => {
    expect(explainDelta(-16384n, 2048, chroma)).toBe("NVCV assumes chroma at row 1080; FFmpeg's starts at row 1088");
    expect(explainDelta(2048n, 2048, chroma)).toBe("NVCV assumes chroma at row 1089; FFmpeg's starts at row 1088");
    expect(explainDelta(-4096n, 1024, { index: 2, name: 'V', offsetFromPlane0: 1024 * 1620 })).toBe(
      "NVCV assumes the V plane at row 1616; FFmpeg's starts at row 1620",
    );
  });

  it('counts rows before or after FFmpeg where no row of plane 0 can be named', () => {
    expect(explainDelta(-16384n, 2048, { index: 0, name: 'Y', offsetFromPlane0: 0 })).toBe(
      "NVCV's luma pointer lies 8 rows of 2048 bytes before FFmpeg's",
    );
    // Planes in separate allocations: no offset from plane 0 (or one that is no row of it).
    expect(explainDelta(-2048n, 2048, { index: 1, name: 'U', offsetFromPlane0: null })).toBe(
      "NVCV's U plane pointer lies 1 row of 2048 bytes before FFmpeg's",
    );
    expect(explainDelta(2048n, 2048, { index: 1, name: 'U', offsetFromPlane0: -631212608 + 3 })).toBe(
      "NVCV's U plane pointer lies 1 row of 2048 bytes after FFmpeg's",
    );
  });

  it('says the rows and the bytes left over when the delta is not whole rows', () => {
    expect(explainDelta(64n, 2048, chroma)).toBe(
      "NVCV's chroma pointer lies 64 bytes after FFmpeg's (pitch 2048): every row it reads is shifted by 64 bytes",
    );
    expect(explainDelta(-(2n * 2048n + 16n), 2048, chroma)).toBe(
      "NVCV's chroma pointer lies 2 rows and 16 bytes before FFmpeg's (pitch 2048): every row it reads is shifted by 16 bytes",
    );
  });

  it('falls back to bytes without a pitch, and says when the pointers are one', () => {
    expect(explainDelta(-100n, 0, chroma)).toBe("NVCV's chroma pointer lies 100 bytes before FFmpeg's");
    expect(explainDelta(0n, 2048, chroma)).toBe("NVCV's chroma pointer is FFmpeg's");
    expect(signed(-16384n)).toBe('−16384');
    expect(signed(64)).toBe('+64');
  });
});

describe('hexDiff', () => {
  it('marks only the digits that differ, grouped as groupHex groups them', () => {
    const [a, b] = hexDiff('0x7f0000220000', '0x7f0000220040');
    expect(a.map((run) => run.text).join('')).toBe('0x7f00_0022_0000');
    expect(b.filter((run) => run.differs)).toEqual([{ text: '4', differs: true }]);
    expect(a.filter((run) => run.differs)).toEqual([{ text: '0', differs: true }]);
  });

  it('keeps an underscore inside a run of differing digits and pads the shorter pointer', () => {
    const [a, b] = hexDiff('0x1ffff', '0x20000');
    expect(a.map((run) => run.text).join('')).toBe('0x1_ffff');
    expect(a.filter((run) => run.differs)).toEqual([{ text: '1_ffff', differs: true }]);
    expect(b.map((run) => run.text).join('')).toBe('0x2_0000');
    const [same] = hexDiff('0xabc', '0xABC');
    expect(same.some((run) => run.differs)).toBe(false);
  });
});

describe('the pointer verdict counts the planes', () => {
  it('says 1 of 2 planes when one of two differs (it used to say every plane differed)', () => {
    const report = mismatchFrame();
    expect(pointerVerdict(report)).toBe(false);
    expect(frameVerdicts(report)[0]?.why).toBe("1 of 2 planes (UV): NVCV's exported pointer differs from FFmpeg's");
  });

  it('counts planes NVCV exported no pointer for apart from those that differ', () => {
    const report = paddedNv12Device();
    const [luma, uv] = report.planes;
    if (luma === undefined || uv === undefined) throw new Error('fixture lacks planes');
    report.planes = [
      { ...luma, match: false, nvcvPointer: '0x1' },
      { ...uv, match: null, nvcvPointer: null },
      { ...uv, index: 2, name: 'V', match: true },
    ];
    expect(pointerVerdict(report)).toBe(false);
    expect(frameVerdicts(report)[0]?.why).toBe(
      "1 of 3 planes (Y): NVCV's exported pointer differs from FFmpeg's; NVCV exported no pointer for 1",
    );
    report.planes = [{ ...luma }, { ...uv, match: null, nvcvPointer: null }];
    report.wrap.reason = '';
    expect(pointerVerdict(report)).toBeNull();
    expect(frameVerdicts(report)[0]?.why).toBe('1 of 2 planes: NVCV exported no pointer');
  });

  it('names every plane that differs when several do', () => {
    const report = mismatchFrame();
    report.planes = report.planes.map((plane) => ({ ...plane, match: false }));
    expect(frameVerdicts(report)[0]?.why).toBe("2 of 2 planes (Y, UV): NVCV's exported pointers differ from FFmpeg's");
  });
});
