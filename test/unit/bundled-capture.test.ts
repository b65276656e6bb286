/**
 * The bundled H200 capture (assets/gpu-capture.zci) is kept in step with the bundled sample: its source hash is the
 * sample's, so the A/B view and the demo compare the same file. When the sample changes, the capture must be made
 * again on a GPU (the GPU tier's `capture --ledger` step writes one into each recorded run).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { ROOT } from '../support/paths';

const CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');
const SAMPLE = path.join(ROOT, 'assets', 'sample.mp4');

describe('the bundled H200 capture', () => {
  it('is a capture of today’s sample.mp4: the same size and SHA-256', async () => {
    const sample = await readFile(SAMPLE);
    const { manifest } = await readCapture(CAPTURE, CAPTURE);
    expect(manifest.source.fileName).toBe('sample.mp4');
    expect(manifest.source.size).toBe(sample.length);
    expect(manifest.source.sha256).toBe(createHash('sha256').update(sample).digest('hex'));
  });

  it('was made on NVDEC, with the copy ledger recording and memory samples in every frame', async () => {
    const { manifest, signature } = await readCapture(CAPTURE, CAPTURE);
    expect(manifest.frames.map((f) => f.index)).toEqual([0, 24, 48]);
    for (const frame of manifest.frames) {
      expect(frame.report.decodePath, `frame ${frame.index}`).toBe('nvdec');
      expect(frame.report.ledger?.reason, `frame ${frame.index}`).toBe('RECORDING');
      expect(frame.report.ledger?.records.filter((r) => r.stage === 'unattributed')).toEqual([]);
      expect(frame.memory?.length ?? 0, `frame ${frame.index}`).toBeGreaterThan(0);
    }
    expect(signature.state).toBe('signed');
  });
});
