/** Captures as the recorder writes them in the user's Python process: the sample capture with the recorder's provenance. */
import type { CapturedFrame, RecordedBy } from '../../contract/capture';
import type { CaptureContents } from '../../electron/capture/capture-file';
import { sampleCapture } from './captures';

/** The provenance a recorder running in `python3 train.py` writes, with nothing left untaken. */
export const RECORDED_BY: RecordedBy = {
  origin: 'your-process',
  recorder: { name: 'zci-recorder', version: '0.1.0', language: 'python' },
  process: { name: 'python3 train.py', pid: 4242 },
  versions: { python: '3.12.3' },
  notTaken: [],
};

/**
 * The sample capture of the frames `indices` as the recorder writes it: its provenance, and each frame as `frame`
 * makes it from the sample's (what the recorder recorded of it, and its report).
 */
export function recorderContents(
  indices: number[],
  frame: (sample: CapturedFrame, i: number) => CapturedFrame,
): CaptureContents {
  const contents = sampleCapture(indices);
  contents.manifest = {
    ...contents.manifest,
    recordedBy: structuredClone(RECORDED_BY),
    frames: contents.manifest.frames.map(frame),
  };
  return contents;
}
