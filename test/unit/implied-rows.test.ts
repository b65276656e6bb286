/**
 * The inspector judges the chroma of a one-tensor wrap where the recorder put it: both are held to one list of cases
 * (test/fixtures/recorder/implied-chroma-rows.json), which python/tests/test_implied_rows.py reads for the recorder's
 * side. The frame is an NVDEC NV12 1920x1080 one (pitch 2048, chroma after 1088 coded rows), as factsbuild.py makes it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { judgedReport } from '../../electron/capture/recorded-judgements';
import { BASE, PITCH, facts, tensor } from '../support/recorded-nv12';
import { paddedNv12Device } from '../support/reports';

const { cases } = JSON.parse(
  readFileSync(path.join(__dirname, '..', 'fixtures', 'recorder', 'implied-chroma-rows.json'), 'utf8'),
) as { cases: { tensorRows: number; lumaRow: number | null; chromaRow: number | null }[] };

it.each(cases.map((c) => [c.tensorRows, c.lumaRow, c.chromaRow] as const))(
  'a tensor of %i rows: the inspector finds the luma at row %s and the chroma at row %s',
  (rows, lumaRow, chromaRow) => {
    const report = judgedReport(paddedNv12Device(), facts(tensor(rows)));
    const rowOf = (pointer: string | null | undefined): number | null =>
      pointer === null || pointer === undefined ? null : Number((BigInt(pointer) - BigInt(BASE)) / BigInt(PITCH));
    expect(report.planes.map((p) => rowOf(p.nvcvPointer))).toEqual([lumaRow, chromaRow]);
  },
);
