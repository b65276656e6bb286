/** The verdicts about a frame and their words: one table for the identity panel, the presenter view and the CLI. */
import { describe, expect, it } from 'vitest';
import { frameChecks } from '../../contract/checks';
import { formatTable } from '../../electron/cli/cli-table';
import { inspectOutputSchema } from '../../contract/inspect-output';
import {
  checkWord,
  DESCRIPTOR_ONLY_HEADLINE,
  frameVerdicts,
  pointerBadge,
  HEADLINES,
  PLANE_MATCH_WORDS,
  pointerVerdict,
  verdictWord,
} from '../../wording/verdicts';
import {
  describedHostFrame,
  gpuEnvironment,
  mismatchFrame,
  noNvcvFrame,
  paddedNv12Device,
  streamInfo,
} from '../support/reports';

describe('frameVerdicts', () => {
  it('tells the padded NV12 story: pointers match, proof holds, the 1.5×H tensor is wrong, one context', () => {
    const report = paddedNv12Device();
    report.wrap.tensor = {
      ...report.wrap.tensor,
      attempted: true,
      valid: false,
      assumedChromaRow: 1080,
      actualChromaRow: 1088,
    };
    const verdicts = frameVerdicts(report);
    expect(verdicts.map((v) => [v.key, v.ok])).toEqual([
      ['pointers', true],
      ['aliasing', true],
      ['tensor', false],
      ['context', true],
    ]);
    expect(verdicts[2]!.why).toBe('a 1.5×H tensor reads chroma at row 1080; it starts at row 1088');
  });

  it('says MISMATCH and a failed proof loudly, and "not checked" without NVCV', () => {
    expect(
      frameVerdicts(mismatchFrame())
        .slice(0, 2)
        .map((v) => v.headline),
    ).toEqual(['POINTER MISMATCH', 'ALIASING FAILED']);
    expect(frameVerdicts(noNvcvFrame())[0]).toMatchObject({ ok: null, headline: 'POINTERS NOT CHECKED' });
  });
});

describe('pointerVerdict', () => {
  it('computes the overall verdict', () => {
    expect(pointerVerdict(paddedNv12Device())).toBe(true);
    expect(pointerVerdict(mismatchFrame())).toBe(false);
    expect(pointerVerdict(noNvcvFrame())).toBeNull();
  });
});

describe('verdict words', () => {
  it('say pass, fail and could-not-tell', () => {
    expect(verdictWord(HEADLINES.pointers, true)).toBe('ZERO-COPY: POINTERS MATCH');
    expect(verdictWord(HEADLINES.pointers, false)).toBe('POINTER MISMATCH');
    expect(verdictWord(HEADLINES.aliasing, null)).toBe('PROOF NOT RUN');
    expect(verdictWord(PLANE_MATCH_WORDS, null)).toBe('n/a');
  });

  it('give each check its table word, and a dash for a check that is not there', () => {
    const [pointers, strides, format, decoder, aliasing, restored] = frameChecks(mismatchFrame());
    expect([pointers, strides, format, decoder, aliasing, restored].map(checkWord)).toEqual([
      'MISMATCH',
      'equal',
      'same',
      'same',
      'FAILED',
      'yes',
    ]);
    expect(frameChecks(noNvcvFrame()).map(checkWord)[0]).toBe('n/a');
    expect(checkWord(undefined)).toBe('—');
  });

  it('are the same headlines in the presenter view as in the identity panel', () => {
    const [pointers, aliasing] = frameVerdicts(paddedNv12Device());
    expect(pointers!.headline).toBe(HEADLINES.pointers.pass);
    expect(aliasing!.headline).toBe(HEADLINES.aliasing.pass);
  });
});

describe('a host frame NVCV only describes', () => {
  it('never gets the green zero-copy verdict: amber, pointers match, descriptor only', () => {
    const host = describedHostFrame();
    expect(pointerVerdict(host)).toBe(true);
    expect(pointerBadge(host)).toEqual({ text: DESCRIPTOR_ONLY_HEADLINE, tone: 'warn' });
    expect(pointerBadge(paddedNv12Device())).toEqual({ text: HEADLINES.pointers.pass, tone: 'ok' });
    const pointers = frameVerdicts(host).find((v) => v.key === 'pointers');
    expect(pointers).toMatchObject({ ok: true, tone: 'warn', headline: DESCRIPTOR_ONLY_HEADLINE });
    expect(pointers?.why).toMatch(/refuses STRIDED_HOST/);
  });

  it('is marked in the checks, the --json output and the table, with a footnote', () => {
    const host = describedHostFrame();
    const checks = frameChecks(host);
    expect(checks[0]).toMatchObject({ name: 'pointers', ok: true, descriptorOnly: true });
    expect(checkWord(checks[0])).toBe('match*');
    expect(checkWord(frameChecks(paddedNv12Device())[0])).toBe('match');
    const output = inspectOutputSchema.parse({
      tool: { name: 'zerocopy-inspector', version: '0.1.0' },
      input: { kind: 'video', path: '/v/clip.mp4', capture: null },
      strict: false,
      stream: streamInfo(),
      environment: gpuEnvironment(),
      frames: [{ index: 7, report: host, error: null, checks, ok: true }],
      summary: { frames: 1, failed: 0, unchecked: 0, ok: true, provenance: null, exitCode: 0 },
    });
    expect(output.frames[0]?.checks[0]?.descriptorOnly).toBe(true);
    const table = formatTable(output);
    expect(table).toMatch(/match\*/);
    expect(table).toMatch(/^\* frames 7: pointers match, descriptor only: NVCV only describes this host frame/m);
  });
});
