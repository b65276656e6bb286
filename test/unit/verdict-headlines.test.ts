/**
 * Every big verdict has words for each outcome, and each fault its own headline: a failing stride, format, decoder
 * plane, restore or tensor is never a blank badge, nor told in another fault's words.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../../contract/checks';
import type { FrameReport } from '../../contract/report';
import { CHECK_FACTS, frameVerdicts, HEADLINES, type VerdictKey } from '../../wording/verdicts';
import { chromaOneRowBeforeDecoderFrame, strideFaultFrame, unrestoredFrame } from '../support/fault-reports';
import { mismatchFrame, noNvcvFrame, paddedNv12Device } from '../support/reports';

/** The padded frame with NVCV's format wrong. */
function wrongFormatFrame(): FrameReport {
  const report = paddedNv12Device();
  report.wrap = { ...report.wrap, formatName: 'NVCV_IMAGE_FORMAT_NV24', formatCode: '0x2', formatMatch: false };
  return report;
}

/** A frame that fails each verdict (the padded frame's 1.5×H tensor is wrong by itself). */
const FAULTS: [VerdictKey, () => FrameReport][] = [
  ['pointers', mismatchFrame],
  ['strides', () => strideFaultFrame()],
  ['format', wrongFormatFrame],
  ['decoder', chromaOneRowBeforeDecoderFrame],
  ['aliasing', mismatchFrame],
  ['restored', unrestoredFrame],
  ['tensor', paddedNv12Device],
  ['context', mismatchFrame],
];

describe("each fault's headline", () => {
  it.each(FAULTS)('a failing %s verdict is red under its own fail headline', (key, frame) => {
    const verdict = frameVerdicts(frame()).find((v) => v.key === key);
    expect(verdict).toMatchObject({ ok: false, tone: 'bad', headline: HEADLINES[key].fail });
    expect(verdict?.headline).toMatch(/^[A-Z][^a-z]+$/);
  });

  it('is a different headline for every fault', () => {
    const headlines = FAULTS.map(([key]) => HEADLINES[key].fail);
    expect(new Set(headlines).size).toBe(FAULTS.length);
  });

  it('gives every verdict words for its pass and its could-not-tell, each its own', () => {
    for (const [key] of FAULTS) {
      const { pass, fail, unknown } = HEADLINES[key];
      for (const words of [pass, fail, unknown]) expect(words).toMatch(/^[A-Z][^a-z]+$/);
      expect(new Set([pass, fail, unknown]).size).toBe(3);
    }
    const tensor = frameVerdicts(noNvcvFrame()).find((v) => v.key === 'tensor');
    expect(tensor).toMatchObject({ ok: null, tone: 'unknown', headline: HEADLINES.tensor.unknown });
  });
});

describe("each check's fact", () => {
  it('names what every check compares, each in its own words', () => {
    const facts = CHECK_NAMES.map((name) => CHECK_FACTS[name]);
    for (const fact of facts) expect(fact).toMatch(/^[a-z][a-z' ]+$/);
    expect(new Set(facts).size).toBe(CHECK_NAMES.length);
  });
});
