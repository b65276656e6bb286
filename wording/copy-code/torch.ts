/**
 * The PyTorch snippet: torch_planes(frame) makes one CUDA tensor a plane of the user's frame, each sharing the
 * frame's memory through __cuda_array_interface__ (torch.as_tensor copies nothing for it), with the plane's pitch as
 * its row stride.
 */
import { NO_CODE_VERDICTS, noCorrectWrap, type CodeFacts } from './facts';
import { pyString } from './literal';
import { frameHelperLines, typestrOf } from './python-frame';

/** The PyTorch views, or null where the frame is not device memory. */
export function torchSnippet(facts: CodeFacts): string | null {
  if (facts.verdict.kind === 'host' || NO_CODE_VERDICTS.includes(facts.verdict.kind)) return null;
  if (noCorrectWrap(facts)) return null;
  const s = facts.sampleBytes;
  const dtype = s === 2 ? 'torch.uint16' : 'torch.uint8';
  const typestr = pyString(typestrOf(facts));
  const view = facts.planes.map((p) => {
    const shape = p.channels === 1 ? `(${p.height}, ${p.width})` : `(${p.height}, ${p.width}, ${p.channels})`;
    const strides = p.channels === 1 ? `(pitches[${p.index}], ${s})` : `(pitches[${p.index}], ${p.channels * s}, ${s})`;
    return `        torch.as_tensor(CudaPlane(pointers[${p.index}], ${shape}, ${strides}, ${typestr}), device="cuda"),  # ${p.name}, pitch ${p.pitch} bytes`;
  });
  return [
    `# PyTorch tensors over a decoded frame's planes without a copy: torch_planes(frame).`,
    `# dtype ${dtype}${s === 2 ? ' (PyTorch 2.3 or later)' : ''}; shapes in samples, strides in bytes as the interface gives them.`,
    'import ctypes',
    '',
    'import torch',
    '',
    '',
    ...frameHelperLines(facts),
    'def torch_planes(frame):',
    `    """The ${facts.planes.length} planes of frame as ${dtype} CUDA tensors sharing its memory; keep the frame alive."""`,
    '    pointers, pitches = frame_planes(frame)',
    '    return [',
    ...view,
    '    ]',
    '',
  ].join('\n');
}
