/**
 * The inspector judges the chroma of a one-tensor wrap where the recorder put it: both are held to one list of cases
 * (test/fixtures/recorder/implied-chroma-rows.json), which python/tests/test_implied_rows.py reads for the recorder's
 * side. The frame is an NVDEC NV12 1920x1080 one (pitch 2048, chroma after 1088 coded rows), as factsbuild.py makes it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { RecordedObject } from '../../contract/capture-recorded';
import { judgedReport } from '../../electron/capture/recorded-judgements';
import { paddedNv12Device } from '../support/reports';

const BASE = 0x205600000;
const PITCH = 2048;
const hex = (n: number): string => `0x${n.toString(16)}`;
const ALLOCATION = { start: hex(BASE), size: 3342336, memory: 'device', device: 0, context: '0x1', bufferId: '1' };
const plane = (name: string, pointer: number, height: number, bytes: number): RecordedObject['planes'][number] => ({
  name,
  pointer: hex(pointer),
  pitch: PITCH,
  width: bytes === 1 ? 1920 : 960,
  height,
  bytesPerSample: bytes,
  allocation: ALLOCATION,
});
const SOURCE: RecordedObject = {
  kind: 'pynvvideocodec',
  described: 'decoded NV12 frame',
  pixelFormat: 'nv12',
  planes: [plane('Y', BASE, 1080, 1), plane('UV', BASE + PITCH * 1088, 540, 2)],
};

const { cases } = JSON.parse(
  readFileSync(path.join(__dirname, '..', 'fixtures', 'recorder', 'implied-chroma-rows.json'), 'utf8'),
) as { cases: { tensorRows: number; lumaRow: number | null; chromaRow: number | null }[] };

it.each(cases.map((c) => [c.tensorRows, c.lumaRow, c.chromaRow] as const))(
  'a tensor of %i rows: the inspector finds the luma at row %s and the chroma at row %s',
  (rows, lumaRow, chromaRow) => {
    const tensor: RecordedObject = {
      kind: 'cuda-array-interface',
      described: `torch.Tensor (1, ${rows}, 1920, 1) |u1`,
      planes: [{ ...plane('Y', BASE, rows, 1), width: 1920 }],
    };
    const report = judgedReport(paddedNv12Device(), {
      source: SOURCE,
      wrapped: tensor,
      stream: { handle: '0x5a5a00', method: 'cuStreamQuery', state: 'complete' },
    });
    const rowOf = (pointer: string | null | undefined): number | null =>
      pointer === null || pointer === undefined ? null : Number((BigInt(pointer) - BigInt(BASE)) / BigInt(PITCH));
    expect(report.planes.map((p) => rowOf(p.nvcvPointer))).toEqual([lumaRow, chromaRow]);
  },
);
