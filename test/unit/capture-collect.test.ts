import { describe, expect, it } from 'vitest';
import { collectCapture, type CaptureSource } from '../../electron/capture/collect';
import type { Ledger } from '../../contract/ledger';
import { decodePng } from '../../electron/capture/png';
import { gradient, sampleCapture } from '../support/captures';
import { ledgerRecord, recordingLedger } from '../support/ledgers';
import { paddedNv12Device } from '../support/reports';

// A stand-in for an NVDEC session (no GPU here): it answers what the addon answers for an NV12 frame, whose
// interleaved chroma plane has two thumbnails (U and V) with the same plane index.
function nv12Source(): CaptureSource {
  const { manifest } = sampleCapture();
  return {
    info: manifest.stream,
    show: async (target) => ({
      report: { ...paddedNv12Device(), frameIndex: 'index' in target ? target.index : 0 },
      thumbnails: [
        { plane: 0, name: 'Y', width: 8, height: 4, data: gradient(8, 4, 1) },
        { plane: 1, name: 'U', width: 4, height: 2, data: gradient(4, 2, 2) },
        { plane: 1, name: 'V', width: 4, height: 2, data: gradient(4, 2, 3) },
      ],
      previews: [],
    }),
  };
}

describe('collecting a capture', () => {
  it('stores each channel of an interleaved plane in a file of its own (U is not overwritten by V)', async () => {
    const contents = await collectCapture(nv12Source(), [5], captureMeta());
    const thumbs = contents.manifest.frames[0]!.thumbnails;
    expect(thumbs.map((t) => [t.plane, t.name, t.png])).toEqual([
      [0, 'Y', 'frames/000005/plane-0.png'],
      [1, 'U', 'frames/000005/plane-1.png'],
      [1, 'V', 'frames/000005/plane-1-V.png'],
    ]);
    for (const [thumb, seed] of thumbs.map((t, i) => [t, i + 1] as const)) {
      const png = decodePng(contents.files.get(thumb.png)!);
      expect(Array.from(png.data), thumb.name).toEqual(Array.from(gradient(thumb.width, thumb.height, seed)));
    }
  });
});

// Ledgers shaped like the addon's (no CUPTI here): each call's answer holds the copies of that call.
function recording(records: [stage: 'evidence' | 'preview', bytes: number, id: number][]): Ledger {
  const previewBytes = records.filter(([stage]) => stage === 'preview').reduce((n, [, bytes]) => n + bytes, 0);
  return recordingLedger(
    records.map(([stage, bytes, id]) => ledgerRecord(stage, 'dtoh', bytes, id)),
    { reported: { thumbnailBytes: 0, previewBytes } },
  );
}

/** The sample capture's manifest fields other than its frames and stream. */
function captureMeta(): Parameters<typeof collectCapture>[2] {
  const { manifest } = sampleCapture();
  const meta = { ...manifest } as Partial<typeof manifest>;
  delete meta.frames;
  delete meta.stream;
  return meta as Parameters<typeof collectCapture>[2];
}

describe('the copy ledger of a captured frame', () => {
  it('is the one call’s that showed the frame with its previews: nothing of one frame is filed under the next', async () => {
    let id = 0;
    const base = nv12Source();
    const source: CaptureSource = {
      ...base,
      previews: { requests: [{ op: 'reference' }], maxWidth: 64 },
      show: async (target, options) => {
        const shown = await base.show(target, options);
        const ledger = recording([
          ['evidence', 24, ++id],
          ['preview', 1000 + id, ++id],
        ]);
        return { ...shown, previews: (options?.previews ?? []).map(() => ({ result: null, error: null })), ledger };
      },
    };
    const contents = await collectCapture(source, [0, 24], captureMeta());
    const ledgers = contents.manifest.frames.map((f) => f.report.ledger!);
    expect(ledgers.map((l) => l.records.map((r) => [r.stage, r.correlationId]))).toEqual([
      [
        ['evidence', 1],
        ['preview', 2],
      ],
      [
        ['evidence', 3],
        ['preview', 4],
      ],
    ]);
    expect(ledgers[0]!.reported.previewBytes).toBe(1001);
  });
});
