/**
 * The Python snippet for CV-CUDA: each plane exposed through __cuda_array_interface__ (version 3), then
 * cvcuda.as_tensor; NVCV's one-tensor view where the report says it is valid, the coded-rows form with a crop where
 * chroma follows the coded rows, one tensor a plane otherwise.
 */
import { type CodeFacts, hexLiteral, type PlaneFacts } from './facts';
import { pyString } from './literal';

const typestrOf = (facts: CodeFacts): string => (facts.sampleBytes === 2 ? '<u2' : '|u1');

function planeTensor(p: PlaneFacts, facts: CodeFacts): string {
  const s = facts.sampleBytes;
  const shape = `(${p.height}, ${p.width}, ${p.channels})`;
  const strides = `(PITCHES[${p.index}], ${p.channels * s}, ${s})`;
  return `planes[${pyString(p.name)}] = cvcuda.as_tensor(CudaPlane(POINTERS[${p.index}], ${shape}, ${strides}, ${pyString(typestrOf(facts))}), "HWC")`;
}

function tensorLines(facts: CodeFacts): string[] {
  const luma = facts.planes[0];
  const s = facts.sampleBytes;
  const t = facts.tensor;
  const typestr = pyString(typestrOf(facts));
  if (luma === undefined) return [];
  if (t.kind === 'single') {
    return [
      `# One tensor: chroma follows the ${luma.height} display rows at the same pitch.`,
      `# layout NHWC, shape [1, ${t.rows}, ${luma.width}, 1], dtype ${typestr}`,
      `frame = cvcuda.as_tensor(CudaPlane(POINTERS[0], (1, ${t.rows}, ${luma.width}, 1), (PITCHES[0] * ${t.rows}, PITCHES[0], ${s}, ${s}), ${typestr}), "NHWC")`,
      'tensors = {"frame": frame}',
    ];
  }
  if (t.kind === 'coded-rows') {
    const chromaRows = t.rows - t.chromaRow;
    const chroma = facts.planes[1];
    return [
      `# Not one tensor at the display height: ${t.reason}.`,
      `# layout NHWC, shape [1, ${t.rows}, ${luma.width}, 1] over the coded rows, dtype ${typestr}`,
      `frame = cvcuda.as_tensor(CudaPlane(POINTERS[0], (1, ${t.rows}, ${luma.width}, 1), (PITCHES[0] * ${t.rows}, PITCHES[0], ${s}, ${s}), ${typestr}), "NHWC")`,
      `# Crop the result: luma is rows 0-${luma.height - 1}, chroma rows ${t.chromaRow}-${t.chromaRow + (chroma?.height ?? chromaRows) - 1}.`,
      'tensors = {"frame": frame}',
    ];
  }
  return [
    `# One tensor a plane: ${facts.planes.length} planes that one tensor cannot cover.`,
    `# layout HWC, dtype ${typestr}`,
    'planes = {}',
    ...facts.planes.map((p) => planeTensor(p, facts)),
    'tensors = planes',
  ];
}

/** The CV-CUDA snippet, or null where the frame is not device memory NVCV can describe. */
export function pythonSnippet(facts: CodeFacts): string | null {
  if (facts.verdict.kind === 'host' || facts.verdict.kind === 'no-format') return null;
  return [
    `# Frame ${facts.frameIndex} (${facts.swFormat}, ${facts.width}x${facts.height}) in CV-CUDA without a copy.`,
    'import cvcuda',
    '',
    '',
    'class CudaPlane:',
    '    """Device memory described by __cuda_array_interface__; owns nothing, so keep the AVFrame alive."""',
    '',
    '    def __init__(self, ptr, shape, strides, typestr):',
    '        self.__cuda_array_interface__ = {',
    '            "shape": shape,',
    '            "typestr": typestr,',
    '            "strides": strides,',
    '            "data": (ptr, False),',
    '            "version": 3,',
    '        }',
    '',
    '',
    `POINTERS = [${facts.planes.map((p) => hexLiteral(p.pointer)).join(', ')}]  # this frame's frame->data[i]`,
    `PITCHES = [${facts.planes.map((p) => p.pitch).join(', ')}]  # this frame's frame->linesize[i], bytes`,
    ...tensorLines(facts),
    '',
  ].join('\n');
}
