import { describe, expect, it } from 'vitest';
import { collectCapture, type CaptureSource } from '../../electron/capture/collect';
import { decodePng } from '../../electron/capture/png';
import { gradient, sampleCapture } from '../support/captures';
import { paddedNv12Device } from '../support/reports';

// A stand-in for an NVDEC session (no GPU here): it answers what the addon answers for an NV12 frame, whose
// interleaved chroma plane has two thumbnails (U and V) with the same plane index.
function nv12Source(): CaptureSource {
  const { manifest } = sampleCapture();
  return {
    info: manifest.stream,
    frame: async (index) => ({ ...paddedNv12Device(), frameIndex: index }),
    thumbnails: async () => [
      { plane: 0, name: 'Y', width: 8, height: 4, data: gradient(8, 4, 1) },
      { plane: 1, name: 'U', width: 4, height: 2, data: gradient(4, 2, 2) },
      { plane: 1, name: 'V', width: 4, height: 2, data: gradient(4, 2, 3) },
    ],
  };
}

describe('collecting a capture', () => {
  it('stores each channel of an interleaved plane in a file of its own (U is not overwritten by V)', async () => {
    const { manifest } = sampleCapture();
    const meta = { ...manifest } as Partial<typeof manifest>;
    delete meta.frames;
    delete meta.stream;
    const contents = await collectCapture(nv12Source(), [5], meta as Parameters<typeof collectCapture>[2]);
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
