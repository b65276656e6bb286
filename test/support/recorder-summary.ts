/**
 * What openCapture tells the renderer about a capture the recorder wrote in the user's own process: the sample
 * capture with the recorder's provenance and each frame's recorded facts, read by the real recordedSummary.
 */
import type { CapturedFrame, CaptureManifest } from '../../contract/capture';
import { recordedSummary, type CaptureSummary, type HandOver } from '../../contract/capture-summary';
import { captureSummary } from './capture-summary';
import { sampleCapture } from './captures';

/** One object as the recorder describes it (python/src/zci/detect.py). */
interface RecordedObject {
  kind: string;
  described: string;
}

/** What the recorder wrote of one frame: both objects, and its stream at hand-over. */
interface RecordedFrame {
  source: RecordedObject;
  wrapped: RecordedObject | null;
  stream?: Omit<HandOver, 'index'>;
}

/** The SHA-256 of zero bytes: the recorder's source where it could not read the process's script. */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The fact the recorder lists as not taken then (python/src/zci/manifest.py). */
const SOURCE_NOT_TAKEN = 'source file';

/** A PyNvVideoCodec frame, as the recorder describes one. */
export const PYNVVIDEOCODEC_FRAME: RecordedObject = {
  kind: 'pynvvideocodec',
  described: 'PyNvVideoCodec._PyNvVideoCodec.DecodedFrame (nv12)',
};

/** A torch tensor handed over through __cuda_array_interface__. */
export const TORCH_TENSOR: RecordedObject = {
  kind: 'cuda-array-interface',
  described: 'torch.Tensor (1620, 1920) |u1',
};

/** An nvcv.Image, read through its .cuda() buffer. */
export const NVCV_IMAGE: RecordedObject = {
  kind: 'cvcuda',
  described: 'nvcv.Image via .cuda(): nvcv.ImageBufferStrided (1080, 1920) |u1',
};

/** The facts every recorder capture lists as not taken (python/src/zci/report.py ALWAYS_NOT_TAKEN). */
const ALWAYS_NOT_TAKEN = [
  'decoder surface',
  'key frame and picture type',
  'NVCV format',
  'surface pool',
  'decode timing',
];

/** The manifest of a recorder capture of these frames; `script` false: the process's script could not be read, so
 * the source is zero bytes and "source file" is among the facts not taken. */
function recorderManifest(frames: RecordedFrame[], script = true): CaptureManifest {
  const { manifest } = sampleCapture(frames.map((_, i) => i));
  const notTaken = [...ALWAYS_NOT_TAKEN, ...(script ? [] : [SOURCE_NOT_TAKEN])].map((fact) => ({
    fact,
    reason: `the recorder did not take the ${fact}`,
  }));
  return {
    ...manifest,
    app: { name: 'zci-recorder', version: '0.1.0' },
    source: script
      ? { fileName: 'train.py', size: 2210, sha256: '5d'.repeat(32) }
      : { fileName: 'python', size: 0, sha256: EMPTY_SHA256 },
    recordedBy: {
      origin: 'your-process',
      recorder: { name: 'zci-recorder', version: '0.1.0', language: 'python' },
      process: { name: 'python3 train.py', pid: 4242 },
      versions: { python: '3.12.3', torch: '2.5.1' },
      notTaken,
    },
    frames: manifest.frames.map((f, i) => {
      const facts = frames[i];
      const recorded = {
        source: facts?.source ?? null,
        wrapped: facts?.wrapped ?? null,
        ...(facts?.stream !== undefined ? { stream: facts.stream } : {}),
      };
      return { ...f, recorded: recorded as CapturedFrame['recorded'] };
    }),
  };
}

/** The summary of recorderManifest(frames, script), as the renderer gets it. */
export function recorderSummary(frames: RecordedFrame[], script = true): CaptureSummary {
  const manifest = recorderManifest(frames, script);
  return captureSummary({
    app: manifest.app,
    source: manifest.source,
    frames: manifest.frames.map((f) => f.index),
    framesWithOperators: [],
    selection: 'all',
    recorded: recordedSummary(manifest),
  });
}
