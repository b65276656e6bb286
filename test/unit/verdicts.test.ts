/** The verdicts about a frame and their words: one table for the identity panel, the presenter view and the CLI. */
import { describe, expect, it } from 'vitest';
import { frameChecks } from '../../contract/checks';
import { formatTable } from '../../electron/cli/cli-table';
import { inspectOutputSchema } from '../../contract/inspect-output';
import {
  checkWord,
  DESCRIPTOR_ONLY_HEADLINE,
  equalityMark,
  frameVerdicts,
  pointerBadge,
  HEADLINES,
  PLANE_MATCH_WORDS,
  pointerVerdict,
  strideVerdict,
  verdictWord,
} from '../../wording/verdicts';
import { chromaRowsEarlyFrame, strideFaultFrame, unrestoredFrame } from '../support/fault-reports';
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

describe('one answer per fault', () => {
  /** Each check's name and outcome. */
  const outcomes = (report: ReturnType<typeof paddedNv12Device>) => frameChecks(report).map((c) => [c.name, c.ok]);

  it.each([
    ['recorded before the stride was judged apart (match false)', true],
    ['recorded with match meaning the pointer alone', false],
  ])('a stride-only fault %s: the pointers pass, the strides fail, worded as a stride', (_when, oldMatch) => {
    const report = strideFaultFrame(oldMatch);
    expect(pointerVerdict(report)).toBe(true);
    expect(strideVerdict(report)).toBe(false);
    expect(outcomes(report)).toEqual([
      ['pointers', true],
      ['strides', false],
      ['format', true],
      ['decoder', true],
      ['aliasing', true],
      ['restored', true],
    ]);
    const checks = frameChecks(report);
    expect(checks.map(checkWord).slice(0, 2)).toEqual(['match', 'DIFFER']);
    expect(checks[1]?.detail).toBe("plane 0 (Y): NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)");
    // Nothing says ≠ between the two equal luma pointers.
    expect(checks.filter((c) => c.detail.includes('≠'))).toEqual([]);
    const verdicts = frameVerdicts(report);
    expect(verdicts.map((v) => [v.key, v.ok, v.headline]).slice(0, 3)).toEqual([
      ['pointers', true, HEADLINES.pointers.pass],
      ['strides', false, HEADLINES.strides.fail],
      ['aliasing', true, HEADLINES.aliasing.pass],
    ]);
    expect(verdicts[1]?.why).toBe("Y: NVCV's stride 2112 B, FFmpeg's pitch 2048 B (+64)");
    expect(pointerBadge(report)).toEqual({ text: HEADLINES.pointers.pass, tone: 'ok' });
  });

  it('tells the stride verdict only when a stride differs, like the format', () => {
    expect(strideVerdict(paddedNv12Device())).toBe(true);
    expect(strideVerdict(noNvcvFrame())).toBeNull();
    expect(frameVerdicts(paddedNv12Device()).some((v) => v.key === 'strides')).toBe(false);
    expect(frameVerdicts(noNvcvFrame()).some((v) => v.key === 'strides')).toBe(false);
  });

  it('names a chroma pointer 16384 B early at pitch 2048 as 8 rows before FFmpeg’s, in the table line too', () => {
    const report = chromaRowsEarlyFrame();
    const [pointers, strides] = frameChecks(report);
    const [ffmpeg, nvcv] = [report.planes[1]!.ffmpegPointer, report.planes[1]!.nvcvPointer];
    expect(pointers).toMatchObject({ ok: false });
    expect(pointers?.detail).toBe(
      `plane 1 (UV): NVCV's pointer 16384 B = 8 rows before FFmpeg's (NVCV assumes chroma at row 1080; ` +
        `FFmpeg's starts at row 1088): FFmpeg ${ffmpeg} ≠ NVCV ${nvcv} (-16384 bytes)`,
    );
    expect(strides?.ok).toBe(true);
    expect(frameVerdicts(report)[0]).toMatchObject({ ok: false, headline: HEADLINES.pointers.fail });
    expect(frameVerdicts(report)[0]?.why).toMatch(/^UV: NVCV's pointer 16384 B = 8 rows before FFmpeg's/);
  });

  it('tells a proof that read its canary but did not restore the frame apart from a failed proof', () => {
    const report = unrestoredFrame();
    expect(outcomes(report).slice(-2)).toEqual([
      ['aliasing', true],
      ['restored', false],
    ]);
    const verdicts = frameVerdicts(report);
    expect(verdicts.find((v) => v.key === 'aliasing')).toMatchObject({ ok: true, headline: HEADLINES.aliasing.pass });
    expect(verdicts.find((v) => v.key === 'restored')).toMatchObject({
      ok: false,
      tone: 'bad',
      headline: HEADLINES.restored.fail,
    });
    expect(frameVerdicts(paddedNv12Device()).some((v) => v.key === 'restored')).toBe(false);
  });

  it('puts ≠ only between values that differ', () => {
    expect(equalityMark(true)).toEqual({ mark: '=', label: 'equals' });
    expect(equalityMark(false)).toEqual({ mark: '≠', label: 'differs from' });
    expect(equalityMark(null)).toEqual({ mark: '·', label: 'not compared' });
  });
});
