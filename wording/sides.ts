/**
 * What the two sides of a frame are called: FFmpeg's frame and NVCV's image where the inspector decoded it, and the
 * objects the user's code handed over where the recorder recorded it (a PyNvVideoCodec frame and a torch tensor are
 * neither FFmpeg's nor NVCV's, and a column that says so would claim what was never witnessed).
 */
import type { CaptureSummary, RecordedObjects } from '../contract/capture-summary';

/** The words a panel heads each side with. */
export interface SideLabels {
  /** The memory the frame was decoded into ("FFmpeg", "PyNvVideoCodec frame"). */
  source: string;
  /** The object wrapped over it ("NVCV", "torch tensor"). */
  wrapped: string;
  /** Who decoded the frame, where the report's decode path would name a decoder that was not witnessed (a recorder
   * capture's frames are memory handed over, not NVDEC's surfaces as the inspector saw them); null: say the path. */
  decoder: string | null;
}

/** The inspector's own sides: it decodes with FFmpeg and wraps with NVCV. */
export const INSPECTOR_SIDES: SideLabels = { source: 'FFmpeg', wrapped: 'NVCV', decoder: null };

/** A recorder capture's sides when its facts do not say what the objects were. */
export const UNNAMED_SIDES: SideLabels = {
  source: 'source',
  wrapped: 'wrapped object',
  decoder: 'decoded in your process (the decoder is not witnessed)',
};

/** The recorder's kinds whose name alone says what the object is (python/src/zci/detect.py, zci_recorder.h). */
const KIND_WORDS: Readonly<Record<string, string>> = {
  pynvvideocodec: 'PyNvVideoCodec frame',
  torchcodec: 'torchcodec frame',
  avframe: 'AVFrame',
  nvcv: 'NVCVImage',
  raw: 'raw planes',
};

/** Array libraries known by the module their type lives in, for the kinds that only say how memory was shared. */
const MODULE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/^torch\./, 'torch tensor'],
  [/^cupy\./, 'CuPy array'],
  [/^numba\./, 'Numba device array'],
  [/^jax(lib)?\./, 'JAX array'],
];

/** The type name a recorder description starts with ("torch.Tensor (1080, 1920) |u1" gives "torch.Tensor"). */
function typeName(described: string): string | null {
  const match = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+)\b/.exec(described);
  return match?.[1] ?? null;
}

/** One object in words: by its kind where that names it, else by its type's module, else by its type's name. */
function objectWords(object: { kind: string; described: string }): string | null {
  const byKind = KIND_WORDS[object.kind];
  if (byKind !== undefined) return byKind;
  const type = typeName(object.described);
  if (type === null) return object.described.startsWith('DLPack capsule') ? 'DLPack capsule' : null;
  const known = MODULE_WORDS.find(([module]) => module.test(type));
  if (known !== undefined) return known[1];
  return type.replace(/^_+/, '');
}

/** The sides of a recorded frame; both called the same ("torch tensor" twice) are told apart by their roles. */
function recordedSides(objects: RecordedObjects | undefined): SideLabels {
  if (objects === undefined) return UNNAMED_SIDES;
  const source = objectWords(objects.source) ?? UNNAMED_SIDES.source;
  const wrapped = objects.wrapped === null ? null : objectWords(objects.wrapped);
  if (wrapped === null) return { ...UNNAMED_SIDES, source };
  if (wrapped === source) return { ...UNNAMED_SIDES, source: `source ${source}`, wrapped: `wrapped ${wrapped}` };
  return { ...UNNAMED_SIDES, source, wrapped };
}

/**
 * The labels of a frame's two sides: the inspector's (FFmpeg, NVCV) for a file or a capture it made, the recorded
 * objects' kinds for a recorder capture (that frame's, or its first frame's when the frame is not named or not found).
 */
export function sideLabels(capture: CaptureSummary | null, frameIndex?: number): SideLabels {
  const recorded = capture?.recorded;
  if (recorded === undefined) return INSPECTOR_SIDES;
  const objects = recorded.objects ?? [];
  return recordedSides(objects.find((o) => o.index === frameIndex) ?? objects[0]);
}
