/**
 * The outcome and tone of each big verdict: an outcome that could not be told stays neutral, a descriptor-only match
 * never hides a mismatch, and a fault that is there is told (a wrong format, a shifted decoder plane), while a report
 * without the decoder's section tells no decoder verdict.
 */
import { describe, expect, it } from 'vitest';
import type { FrameReport } from '../../contract/report';
import { frameVerdicts, HEADLINES, pointerBadge, toneOf, type Verdict } from '../../wording/verdicts';
import { chromaOneRowBeforeDecoderFrame } from '../support/fault-reports';
import { describedHostFrame, noNvcvFrame, paddedNv12Device } from '../support/reports';

/** The verdict of one key, or undefined when the frame does not tell it. */
function verdictOf(report: FrameReport, key: Verdict['key']): Verdict | undefined {
  return frameVerdicts(report).find((v) => v.key === key);
}

describe('toneOf', () => {
  it('is ok for a pass, bad for a failure and unknown, never bad, for an outcome that could not be told', () => {
    expect(toneOf(true)).toBe('ok');
    expect(toneOf(false)).toBe('bad');
    expect(toneOf(null)).toBe('unknown');
  });

  it('leaves a proof that did not run and a frame without a context neutral', () => {
    const report = noNvcvFrame();
    expect(verdictOf(report, 'aliasing')).toMatchObject({ ok: null, tone: 'unknown', headline: 'PROOF NOT RUN' });
    expect(verdictOf(report, 'context')).toMatchObject({ ok: null, tone: 'unknown', headline: 'NO CUDA CONTEXT' });
  });
});

describe('a host frame NVCV only describes, whose pointers differ', () => {
  it('is a red mismatch, not the amber descriptor-only match', () => {
    const report = describedHostFrame();
    const chroma = report.planes[1]!;
    chroma.nvcvPointer = `0x${(BigInt(chroma.ffmpegPointer) + 64n).toString(16)}`;
    expect(pointerBadge(report)).toEqual({ text: HEADLINES.pointers.fail, tone: 'bad' });
    const pointers = verdictOf(report, 'pointers');
    expect(pointers).toMatchObject({ ok: false, tone: 'bad', headline: HEADLINES.pointers.fail });
    expect(pointers?.why).not.toMatch(/describes this host frame/);
  });
});

describe('the faults told only when they are there', () => {
  it('tells a wrong NVCV format as a red format verdict', () => {
    const report = paddedNv12Device();
    expect(verdictOf(report, 'format')).toBeUndefined();
    report.wrap = { ...report.wrap, formatName: 'NVCV_IMAGE_FORMAT_NV24', formatCode: '0x2', formatMatch: false };
    expect(verdictOf(report, 'format')).toMatchObject({ ok: false, tone: 'bad', headline: HEADLINES.format.fail });
  });

  it('tells a shifted decoder plane red, and no decoder verdict for a report made before the decoder was asked', () => {
    expect(verdictOf(chromaOneRowBeforeDecoderFrame(), 'decoder')).toMatchObject({ ok: false, tone: 'bad' });
    const before = paddedNv12Device();
    delete before.decoderSurface;
    expect(frameVerdicts(before).map((v) => v.key)).toEqual(['pointers', 'aliasing', 'tensor', 'context']);
  });
});
