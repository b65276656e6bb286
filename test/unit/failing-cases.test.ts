/**
 * Every verdict the app or the command line can show has at least one test that shows it failing: this table names
 * them, and fails when a verdict (a headline of verdicts.ts, a check of checks.ts, or one of the others below) has no
 * entry, or when a test it names is gone. The tests themselves are what turn red when a verdict cannot.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, type CheckName } from '../../contract/checks';
import { HEADLINES, type VerdictKey } from '../../wording/verdicts';
import { ROOT } from '../support/paths';

/** Verdicts shown outside the frame's headlines and checks. */
const OTHER_VERDICTS = [
  'ledger: the wrap copied nothing',
  'ledger: every copy attributed',
  'decoder A/B',
  'signature: another installation',
  'signature: unsigned',
  'signature: tampered',
  'signature: re-saved from',
  'damage',
] as const;

type Verdict = VerdictKey | CheckName | (typeof OTHER_VERDICTS)[number];

/** A test (its file and its name, as written) that shows a verdict failing, and what it fails on. */
interface FailingCase {
  file: string;
  test: string;
  data: 'real' | 'planted' | 'hand-made';
}

const FAILING = 'test/component/FailingVerdicts.test.tsx';
const PLANTED_NATIVE = 'test/native/planted-wrap.test.mjs';
const PLANTED_E2E = 'test/e2e/planted.spec.ts';

const CASES: Record<Verdict, FailingCase[]> = {
  pointers: [
    {
      file: PLANTED_NATIVE,
      test: 'chroma-row: plane 1 mismatches by exactly one row, the proof fails, exit 1',
      data: 'planted',
    },
    {
      file: PLANTED_E2E,
      test: 'chroma-row: POINTER MISMATCH one row apart and ALIASING FAILED, in the panel and the presenter',
      data: 'planted',
    },
    {
      file: FAILING,
      test: "pointers (planted in a real report): NVCV's chroma pointer one row off FFmpeg's is a mismatch",
      data: 'planted',
    },
  ],
  strides: [
    {
      file: PLANTED_NATIVE,
      test: 'pitch: plane 0 strides differ by 64 bytes, the proof fails in the last row, exit 1',
      data: 'planted',
    },
    {
      file: PLANTED_E2E,
      test: 'pitch: the pointers match, the stride verdict fails by 64 B, the wrap is invalid and the proof fails',
      data: 'planted',
    },
    {
      file: FAILING,
      test: "row strides (planted in a real report): NVCV's luma stride 64 bytes past FFmpeg's pitch is a stride fault, not a pointer mismatch",
      data: 'planted',
    },
  ],
  format: [
    {
      file: PLANTED_NATIVE,
      test: 'format: NVCV exports another format than FFmpeg’s frame implies; pointers and proof still hold, exit 1',
      data: 'planted',
    },
    {
      file: PLANTED_E2E,
      test: 'format: NVCV FORMAT: WRONG in the panel and the presenter, while the pointers match',
      data: 'planted',
    },
    {
      file: FAILING,
      test: 'NVCV format (planted in a real report): a format other than the one FFmpeg’s frame implies is red',
      data: 'planted',
    },
  ],
  decoder: [
    {
      file: FAILING,
      test: "decoder surface (planted in a real report): FFmpeg's chroma one row past where NVDEC wrote it is red",
      data: 'planted',
    },
    {
      file: 'test/unit/cli-args.test.ts',
      test: 'fail a plane FFmpeg points one row before where NVDEC wrote it, with the distance',
      data: 'hand-made',
    },
  ],
  aliasing: [
    {
      file: PLANTED_NATIVE,
      test: 'chroma-row: plane 1 mismatches by exactly one row, the proof fails, exit 1',
      data: 'planted',
    },
    {
      file: FAILING,
      test: 'aliasing proof (planted in a real report): a canary read back different through FFmpeg is red',
      data: 'planted',
    },
  ],
  restored: [
    { file: 'test/unit/cli-args.test.ts', test: 'fail a proof that failed or did not restore', data: 'hand-made' },
    {
      file: FAILING,
      test: 'restore (planted in a real report): a proof that read its canary but left the frame changed is red',
      data: 'planted',
    },
  ],
  tensor: [
    {
      file: FAILING,
      test: 'single tensor (real): the padded 1080p NVDEC frame is WRONG as one 1.5×H tensor, the 720p HEVC frame VALID',
      data: 'real',
    },
  ],
  context: [
    {
      file: FAILING,
      test: "one context (real): the run's frame under FFmpeg's own CUDA context, as the run measured it, shows TWO",
      data: 'real',
    },
  ],
  'ledger: the wrap copied nothing': [
    {
      file: 'test/component/LedgerPanel.test.tsx',
      test: 'fails the wrap check when the wrap copied, saying how much and that the image is a copy',
      data: 'hand-made',
    },
  ],
  'ledger: every copy attributed': [
    {
      file: 'test/component/LedgerPanel.test.tsx',
      test: 'fails the unattributed check on a copy issued outside every stage',
      data: 'hand-made',
    },
  ],
  'decoder A/B': [
    {
      file: 'test/integration/cli-compare.test.ts',
      test: 'a planted sample (test hook ZCI_TEST_HOOK_PLANT) is reported at its place with both values, and exits 1',
      data: 'planted',
    },
    {
      file: 'test/e2e/decoders.spec.ts',
      test: 'a planted difference (test hook) is reported at its sample, and one click puts the probe on it',
      data: 'planted',
    },
  ],
  'signature: another installation': [
    {
      file: 'test/unit/capture-signing.test.ts',
      test: 'verify as signed by this installation, and by another one elsewhere',
      data: 'real',
    },
    {
      file: FAILING,
      test: 'says signed by this installation, by another installation, unsigned and tampered apart',
      data: 'hand-made',
    },
  ],
  'signature: unsigned': [
    {
      file: 'test/unit/capture-signing.test.ts',
      test: 'the committed capture from the GPU machine opens signed by that machine; without its signature (as captures made before signing are), unsigned',
      data: 'real',
    },
    {
      file: 'test/integration/cli-process.test.ts',
      test: 'exits 1 on a tampered capture; with --strict also on unsigned, foreign or laundered provenance',
      data: 'real',
    },
  ],
  'signature: tampered': [
    {
      file: 'test/unit/capture-signing.test.ts',
      test: 'show tampered when one byte of a report in capture.json changed after signing',
      data: 'real',
    },
    {
      file: FAILING,
      test: 'says signed by this installation, by another installation, unsigned and tampered apart',
      data: 'hand-made',
    },
  ],
  'signature: re-saved from': [
    {
      file: 'test/unit/capture-signing.test.ts',
      test: 're-saving an unsigned or foreign-signed capture records what it was made from, under the new signature',
      data: 'real',
    },
    {
      file: FAILING,
      test: 'says what a re-saved capture was made from: another installation’s, or a tampered one',
      data: 'hand-made',
    },
  ],
  damage: [
    {
      file: 'test/e2e/damage.spec.ts',
      test: 'frames FFmpeg concealed are marked, in the report and on screen',
      data: 'real',
    },
    {
      file: 'test/component/DamageNotice.test.tsx',
      test: 'marks a concealed frame with its flags and the decoder messages',
      data: 'hand-made',
    },
  ],
};

describe('failing cases of every verdict', () => {
  it('names at least one for every headline, every check and every other verdict', () => {
    const verdicts: string[] = [...Object.keys(HEADLINES), ...CHECK_NAMES, ...OTHER_VERDICTS];
    expect(verdicts.filter((verdict) => (CASES[verdict as Verdict] ?? []).length === 0)).toEqual([]);
    expect(Object.keys(CASES).sort()).toEqual([...new Set(verdicts)].sort());
  });

  it.each(Object.entries(CASES))('%s: each test it names is still there', (_verdict, cases) => {
    for (const { file, test } of cases) expect(readFileSync(path.join(ROOT, file), 'utf8'), file).toContain(test);
  });
});
