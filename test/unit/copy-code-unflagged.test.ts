/**
 * Copy as code for frames the decoder's witness does not flag is what it was before the flagged-frame correction
 * existed: every snippet, note and fact line of every recorded and hand-built report, byte for byte against the
 * output recorded before that change (__snapshots__/copy-code-unflagged/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameReportSchema, type FrameReport } from '../../contract/report';
import { copyCode } from '../../wording/copy-code';
import { hostYuv420p1080 } from '../support/memory-reports';
import { describedHostFrame, mismatchFrame, noNvcvFrame, paddedNv12Device } from '../support/reports';
import { CROSS_DEVICE_COPY, CROSS_DEVICE_PEER } from './copy-code-setup';

const RUNS = path.join(__dirname, '..', '..', 'docs', 'gpu-runs');
/** The first frame of each fixture in the first run with reports (no decoder surface) and in the newest (a decoder
 * surface on every NVDEC frame). */
const SNAPSHOT_RUNS = ['2026-11-30-134c932', '2026-12-05-fd70bdb'];

function recorded(run: string): [string, FrameReport][] {
  const file = JSON.parse(readFileSync(path.join(RUNS, run, 'reports.json'), 'utf8')) as {
    fixtures: { file: string; reports: unknown[] }[];
  };
  return file.fixtures.map((f): [string, FrameReport] => [`${run}-${f.file}`, frameReportSchema.parse(f.reports[0])]);
}

const CASES: [string, FrameReport][] = [
  ...SNAPSHOT_RUNS.flatMap(recorded),
  ['padded-nv12', paddedNv12Device()],
  ['host-yuv420p-1080', hostYuv420p1080()],
  ['described-host', describedHostFrame()],
  ['mismatch', mismatchFrame()],
  ['no-nvcv', noNvcvFrame()],
  ['cross-device-copy', { ...paddedNv12Device(), placement: CROSS_DEVICE_COPY }],
  [
    'cross-device-peer',
    { ...paddedNv12Device(), placement: { ...CROSS_DEVICE_PEER, reason: CROSS_DEVICE_COPY.reason } },
  ],
];

/** Everything copy as code gives for one report, as one text. */
function rendered(report: FrameReport): string {
  const { snippets, factLines } = copyCode(report);
  const facts = factLines.map((l) => `${l.label}: ${l.value}`).join('\n');
  const parts = snippets.map(
    (s) =>
      `=== ${s.ecosystem} (${s.title})\n--- note\n${s.note}\n--- detail\n${s.detail ?? '(none)'}\n--- code\n${s.code ?? '(none)'}`,
  );
  return `=== facts\n${facts}\n${parts.join('\n')}\n`;
}

describe('copy as code for frames the decoder does not flag', () => {
  it('none of these reports is flagged', () => {
    for (const [, report] of CASES) {
      expect(report.decoderSurface?.planes.some((p) => p.verdict === 'shifted') ?? false).toBe(false);
    }
  });

  for (const [name, report] of CASES) {
    it(`${name}: every snippet, note and fact as before`, async () => {
      await expect(rendered(report)).toMatchFileSnapshot(`__snapshots__/copy-code-unflagged/${name}.txt`);
    });
  }

  it('the snapshots are exactly these cases', () => {
    const files = readdirSync(path.join(__dirname, '__snapshots__', 'copy-code-unflagged')).sort();
    expect(files).toEqual(CASES.map(([name]) => `${name}.txt`).sort());
  });
});
