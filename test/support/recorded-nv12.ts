/**
 * A recorder's facts of one NVDEC NV12 1920x1080 frame (pitch 2048, chroma after 1088 coded rows), as
 * python/tests/factsbuild.py makes them: the source's planes, a plane-by-plane image over them, a one-tensor view of
 * any number of rows, and the facts record around a wrapped object.
 */
import type { RecordedObject, RecorderFacts } from '../../contract/capture-recorded';

export const BASE = 0x205600000;
export const PITCH = 2048;
export const UV = BASE + PITCH * 1088;
export const CONTEXT = '0x7f60ac08c4e0';
export const hex = (n: number): string => `0x${n.toString(16)}`;
export const ALLOCATION = {
  start: hex(BASE),
  size: 3342336,
  memory: 'device',
  device: 0,
  context: CONTEXT,
  bufferId: '987',
};

export type Plane = RecordedObject['planes'][number];

/** A plane of the source's allocation. */
export const plane = (
  name: string,
  pointer: number,
  width: number,
  height: number,
  bytes: number,
  pitch = PITCH,
): Plane => ({
  name,
  pointer: hex(pointer),
  pitch,
  width,
  height,
  bytesPerSample: bytes,
  allocation: ALLOCATION,
});

export const SOURCE: RecordedObject = {
  kind: 'pynvvideocodec',
  described: 'decoded NV12 frame',
  pixelFormat: 'nv12',
  planes: [plane('Y', BASE, 1920, 1080, 1), plane('UV', UV, 960, 540, 2)],
};
export const IMAGE: RecordedObject = { kind: 'cvcuda', described: 'nvcv.Image NV12', planes: SOURCE.planes };

/** A [1, rows, 1920, 1] tensor over plane 0: the 1.5xH view when rows is 1620. */
export const tensor = (rows: number): RecordedObject => ({
  kind: 'cuda-array-interface',
  described: `torch.Tensor (1, ${rows}, 1920, 1) |u1`,
  planes: [plane('Y', BASE, 1920, rows, 1)],
});

/** The facts of the source frame with WRAPPED handed over, its stream in STATE. */
export const facts = (
  wrapped: RecordedObject | null,
  state: RecorderFacts['stream']['state'] = 'complete',
): RecorderFacts => ({
  source: SOURCE,
  wrapped,
  stream: { handle: '0x5a5a00', method: 'cuStreamQuery', state },
});
