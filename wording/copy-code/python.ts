/**
 * The Python snippet for CV-CUDA: wrap_frame(frame) exposes each plane of the user's frame through
 * __cuda_array_interface__ (version 3), then cvcuda.as_tensor; NVCV's one-tensor view where the report says it is
 * valid, the coded-rows form with a crop where chroma follows the coded rows, one tensor a plane otherwise.
 */
import { NO_CODE_VERDICTS, noCorrectWrap, type CodeFacts, type PlaneFacts } from './facts';
import { pyString } from './literal';
import { frameHelperLines, typestrOf } from './python-frame';

function planeTensor(p: PlaneFacts, facts: CodeFacts): string {
  const s = facts.sampleBytes;
  const shape = `(${p.height}, ${p.width}, ${p.channels})`;
  const strides = `(pitches[${p.index}], ${p.channels * s}, ${s})`;
  return `planes[${pyString(p.name)}] = cvcuda.as_tensor(CudaPlane(pointers[${p.index}], ${shape}, ${strides}, ${pyString(typestrOf(facts))}), "HWC")`;
}

/** The body of wrap_frame after the planes are read, unindented; it ends by returning the tensors. */
function tensorLines(facts: CodeFacts): string[] {
  const luma = facts.planes[0];
  const s = facts.sampleBytes;
  const t = facts.tensor;
  const typestr = pyString(typestrOf(facts));
  if (luma === undefined) return ['return {}'];
  if (t.kind === 'single') {
    return [
      `# One tensor: chroma follows the ${luma.height} display rows at the same pitch.`,
      `# layout NHWC, shape [1, ${t.rows}, ${luma.width}, 1], dtype ${typestr}`,
      `frame = cvcuda.as_tensor(CudaPlane(pointers[0], (1, ${t.rows}, ${luma.width}, 1), (pitches[0] * ${t.rows}, pitches[0], ${s}, ${s}), ${typestr}), "NHWC")`,
      'return {"frame": frame}',
    ];
  }
  if (t.kind === 'coded-rows') {
    const chromaRows = t.rows - t.chromaRow;
    const chroma = facts.planes[1];
    return [
      `# Not one tensor at the display height: ${t.reason}.`,
      `# layout NHWC, shape [1, ${t.rows}, ${luma.width}, 1] over the coded rows, dtype ${typestr}`,
      `frame = cvcuda.as_tensor(CudaPlane(pointers[0], (1, ${t.rows}, ${luma.width}, 1), (pitches[0] * ${t.rows}, pitches[0], ${s}, ${s}), ${typestr}), "NHWC")`,
      `# Crop the result: luma is rows 0-${luma.height - 1}, chroma rows ${t.chromaRow}-${t.chromaRow + (chroma?.height ?? chromaRows) - 1}.`,
      'return {"frame": frame}',
    ];
  }
  return [
    `# One tensor a plane: ${facts.planes.length} planes that one tensor cannot cover.`,
    `# layout HWC, dtype ${typestr}`,
    'planes = {}',
    ...facts.planes.map((p) => planeTensor(p, facts)),
    'return planes',
  ];
}

/** The CV-CUDA snippet, or null where the frame is not device memory NVCV can describe. */
export function pythonSnippet(facts: CodeFacts): string | null {
  if (facts.verdict.kind === 'host' || NO_CODE_VERDICTS.includes(facts.verdict.kind)) return null;
  if (noCorrectWrap(facts)) return null;
  return [
    `# CV-CUDA tensors over a decoded frame's planes without a copy: wrap_frame(frame).`,
    'import ctypes',
    '',
    '',
    ...frameHelperLines(facts),
    'def wrap_frame(frame):',
    '    """CV-CUDA tensors over frame\'s planes, by name; the frame must stay alive while they are used."""',
    '    import cvcuda  # here, so that frame_planes() works where CV-CUDA is not installed',
    '',
    '    pointers, pitches = frame_planes(frame)',
    ...tensorLines(facts).map((l) => `    ${l}`),
    '',
  ].join('\n');
}
