/** A pointer mismatch in rows, a plane's pointer and stride judged apart, the differing hex digits, and the words. */
import { describe, expect, it } from 'vitest';
import { frameVerdicts, HEADLINES, pointerVerdict } from '../../wording/verdicts';
import { frameChecks } from '../../contract/checks';
import { hexDiff } from '../../renderer/src/components/identity/hex-diff';
import { rowDistance, shiftWords, signed } from '../../contract/pointer-delta';
import { explainDelta } from '../../wording/pointer-words';
import {
  everyPlane,
  pointerDifferences,
  pointersEqual,
  pointerShift,
  strideDifferences,
  strideShift,
  stridesEqual,
} from '../../contract/plane-identity';
import { chromaRowsEarlyFrame, strideFaultFrame } from '../support/fault-reports';
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

describe('rowDistance and shiftWords', () => {
  it('put a byte distance as whole rows of the pitch and the bytes left over, the distance first', () => {
    expect(rowDistance(-16384n, 2048)).toEqual({ side: 'before', bytes: 16384n, rows: 8n, rest: 0n });
    expect(rowDistance(4112n, 2048)).toEqual({ side: 'after', bytes: 4112n, rows: 2n, rest: 16n });
    expect(rowDistance(100n, 0)).toEqual({ side: 'after', bytes: 100n, rows: null, rest: 100n });
    expect(shiftWords(-16384n, 2048, "FFmpeg's")).toBe("16384 B = 8 rows before FFmpeg's");
    expect(shiftWords(2048n, 2048, "FFmpeg's")).toBe("2048 B = 1 row after FFmpeg's");
    expect(shiftWords(4112n, 2048, "FFmpeg's")).toBe("4112 B = 2 rows + 16 B after FFmpeg's");
    expect(shiftWords(64n, 2048, "FFmpeg's")).toBe("64 B after FFmpeg's (not a whole row of 2048 B)");
    expect(shiftWords(-100n, 0, "FFmpeg's")).toBe("100 B before FFmpeg's");
  });
});

describe("a plane's identity facts", () => {
  it('judge the pointer from the addresses and the stride from the pitch, never from match', () => {
    const [luma] = strideFaultFrame().planes;
    // A capture made before the stride was judged apart: match is false, yet the pointers are one.
    expect(luma?.match).toBe(false);
    expect(pointersEqual(luma!)).toBe(true);
    expect(stridesEqual(luma!)).toBe(false);
    expect(strideShift(luma!)).toBe("NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)");
    expect(pointerShift(luma!)).toBeNull();
    const uv = chromaRowsEarlyFrame().planes[1]!;
    // A match field that says true does not hide pointers that differ.
    uv.match = true;
    expect(pointersEqual(uv)).toBe(false);
    expect(pointerShift(uv)).toBe(
      "NVCV's pointer 16384 B = 8 rows before FFmpeg's (NVCV assumes chroma at row 1080; FFmpeg's starts at row 1088)",
    );
    expect(pointersEqual({ ...uv, nvcvPointer: null })).toBeNull();
    expect(stridesEqual({ ...uv, nvcvRowStride: null })).toBeNull();
  });

  it('name each differing plane first and leave the equal ones out', () => {
    const report = chromaRowsEarlyFrame();
    expect(pointerDifferences(report.planes)).toEqual([
      "UV: NVCV's pointer 16384 B = 8 rows before FFmpeg's (NVCV assumes chroma at row 1080; FFmpeg's starts at row 1088)",
    ]);
    expect(strideDifferences(report.planes)).toEqual([]);
    expect(strideDifferences(strideFaultFrame().planes)).toEqual([
      "Y: NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)",
    ]);
    expect(everyPlane([true, true])).toBe(true);
    expect(everyPlane([true, null])).toBeNull();
    expect(everyPlane([null, false])).toBe(false);
    expect(everyPlane([])).toBeNull();
  });
});

describe('the pointer verdict names the planes that differ', () => {
  it('names the one plane of two that differs, with its distance, never counting the plane that matches', () => {
    const report = mismatchFrame();
    expect(pointerVerdict(report)).toBe(false);
    expect(frameVerdicts(report)[0]?.why).toBe("UV: NVCV's pointer 64 B after FFmpeg's (not a whole row of 2048 B)");
    expect(frameVerdicts(chromaRowsEarlyFrame())[0]?.why).toMatch(/^UV: NVCV's pointer 16384 B = 8 rows before/);
  });

  it('names planes NVCV exported no pointer for apart from those that differ', () => {
    const report = paddedNv12Device();
    const [luma, uv] = report.planes;
    if (luma === undefined || uv === undefined) throw new Error('fixture lacks planes');
    report.planes = [
      { ...luma, nvcvPointer: `0x${(BigInt(luma.ffmpegPointer) + 2048n).toString(16)}` },
      { ...uv, match: null, nvcvPointer: null },
      { ...uv, index: 2, name: 'V', match: true },
    ];
    expect(pointerVerdict(report)).toBe(false);
    expect(frameVerdicts(report)[0]?.why).toBe(
      "Y: NVCV's pointer 2048 B = 1 row after FFmpeg's; NVCV exported no pointer for 1 of 3 planes (UV)",
    );
    report.planes = [{ ...luma }, { ...uv, match: null, nvcvPointer: null }];
    report.wrap.reason = '';
    expect(pointerVerdict(report)).toBeNull();
    expect(frameVerdicts(report)[0]?.why).toBe('NVCV exported no pointer for 1 of 2 planes (UV)');
  });

  it('says a pointer that is not an address as such, in the verdict and in the check, never as "no pointers"', () => {
    const report = paddedNv12Device();
    const [luma, uv] = report.planes;
    if (luma === undefined || uv === undefined) throw new Error('fixture lacks planes');
    report.planes = [{ ...luma, match: null, ffmpegPointer: '(nil)' }, { ...uv }];
    report.wrap.reason = '';
    const words = 'plane 0 (Y): FFmpeg\'s pointer "(nil)" is not an address';
    expect(pointerVerdict(report)).toBeNull();
    expect(frameVerdicts(report)[0]?.why).toBe(words);
    expect(frameChecks(report).find((c) => c.name === 'pointers')).toMatchObject({ ok: null, detail: words });
    report.planes = [{ ...luma }, { ...uv, match: null, nvcvPointer: 'garbage' }];
    expect(frameChecks(report).find((c) => c.name === 'pointers')?.detail).toBe(
      'plane 1 (UV): NVCV\'s pointer "garbage" is not an address',
    );
  });

  it('takes only a whole hex number of at most 16 digits for an address, nothing before or after it', () => {
    const report = paddedNv12Device();
    const [luma, uv] = report.planes;
    if (luma === undefined || uv === undefined) throw new Error('fixture lacks planes');
    report.wrap.reason = '';
    const detail = (nvcvPointer: string): string | undefined => {
      report.planes = [{ ...luma }, { ...uv, match: null, nvcvPointer }];
      return frameChecks(report).find((c) => c.name === 'pointers')?.detail;
    };
    for (const junk of ['id0x7f00', '0x7f00 ', '0x7f00g', '0x12345678901234567'])
      expect(detail(junk)).toBe(`plane 1 (UV): NVCV's pointer ${JSON.stringify(junk)} is not an address`);
  });

  it('names a plane NVCV exported no pointer for once, by that alone, whatever FFmpeg pointer it has', () => {
    const report = paddedNv12Device();
    const [luma, uv] = report.planes;
    if (luma === undefined || uv === undefined) throw new Error('fixture lacks planes');
    report.wrap.reason = '';
    report.planes = [{ ...luma }, { ...uv, match: null, nvcvPointer: null, ffmpegPointer: '(nil)' }];
    const words = 'NVCV exported no pointer for 1 of 2 planes (UV)';
    expect(frameChecks(report).find((c) => c.name === 'pointers')?.detail).toBe(words);
    expect(frameVerdicts(report)[0]?.why).toBe(words);
  });

  it('names every plane that differs when several do, and no plane whose match is false over a stride', () => {
    const report = mismatchFrame();
    report.planes = report.planes.map((plane) => ({
      ...plane,
      nvcvPointer: `0x${(BigInt(plane.ffmpegPointer) + 64n).toString(16)}`,
      match: false,
    }));
    expect(frameVerdicts(report)[0]?.why).toBe(
      "Y: NVCV's pointer 64 B after FFmpeg's (not a whole row of 2048 B); UV: NVCV's pointer 64 B after FFmpeg's (not a whole row of 2048 B)",
    );
    // An old capture's match false on a plane whose pointers are equal: not a pointer mismatch.
    const old = strideFaultFrame();
    expect(pointerVerdict(old)).toBe(true);
    expect(frameVerdicts(old)[0]).toMatchObject({ ok: true, headline: HEADLINES.pointers.pass });
  });
});
