/** The PyTorch snippet: torch.as_strided views of each plane over the allocation a torch tensor holds. */
import { type CodeFacts } from './facts';

/** The PyTorch views, or null where the frame is not device memory. */
export function torchSnippet(facts: CodeFacts): string | null {
  if (facts.verdict.kind === 'host' || facts.verdict.kind === 'no-format') return null;
  const s = facts.sampleBytes;
  const dtype = s === 2 ? 'torch.uint16' : 'torch.uint8';
  const shared = facts.planesInOneAllocation && facts.planes.every((p) => p.offsetFromPlane0 !== null);
  const view = facts.planes.map((p) => {
    const size = p.channels === 1 ? `(${p.height}, ${p.width})` : `(${p.height}, ${p.width}, ${p.channels})`;
    const stride = p.channels === 1 ? `(${p.pitch / s}, 1)` : `(${p.pitch / s}, ${p.channels}, 1)`;
    const source = shared ? 'buf' : `bufs[${p.index}]`;
    const offset = shared ? `base + ${(p.offsetFromPlane0 ?? 0) / s}` : 'base';
    return `        torch.as_strided(${source}, ${size}, ${stride}, ${offset}),  # ${p.name}, pitch ${p.pitch} bytes`;
  });
  const head = shared
    ? [
        `def frame_planes(buf, base=0):`,
        `    """Views of the ${facts.planes.length} planes; buf is the ${dtype} CUDA tensor over the allocation, base the`,
        `    element offset of plane 0 in it (so buf[base:].data_ptr() == frame->data[0])."""`,
        `    assert buf.is_cuda and buf.dtype == ${dtype}`,
      ]
    : [
        `def frame_planes(bufs, base=0):`,
        `    """Views of the ${facts.planes.length} planes, each in an allocation of its own: bufs[i] is the ${dtype}`,
        '    CUDA tensor whose data_ptr() is frame->data[i]."""',
      ];
  return [
    `# Frame ${facts.frameIndex} (${facts.swFormat}, ${facts.width}x${facts.height}): strided views, no copy.`,
    `# dtype ${dtype}${s === 2 ? ' (PyTorch 2.3 or later)' : ''}; strides and offsets in elements.`,
    'import torch',
    '',
    '',
    ...head,
    '    return [',
    ...view,
    '    ]',
    '',
  ].join('\n');
}
