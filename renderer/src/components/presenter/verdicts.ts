/** The few big verdicts a presenter shows about a frame, each with a short reason. */
import type { FrameReport } from '../../../../electron/common/report';
import { overallMatch } from '../identity/IdentityPanel';

/** One verdict: a headline, its tone, and a line saying why. */
export interface Verdict {
  key: 'pointers' | 'aliasing' | 'tensor' | 'context';
  ok: boolean | null;
  headline: string;
  why: string;
}

/** The verdicts, in the order they are told. */
export function presenterVerdicts(report: FrameReport): Verdict[] {
  const match = overallMatch(report);
  const { aliasing, wrap, context } = report;
  const tensor = wrap.tensor;
  const off =
    tensor.assumedChromaRow !== null &&
    tensor.actualChromaRow !== null &&
    tensor.assumedChromaRow !== tensor.actualChromaRow
      ? `a 1.5×H tensor reads chroma at row ${tensor.assumedChromaRow}; it starts at row ${tensor.actualChromaRow}`
      : tensor.reason;
  return [
    {
      key: 'pointers',
      ok: match,
      headline: match === null ? 'POINTERS NOT CHECKED' : match ? 'ZERO-COPY: POINTERS MATCH' : 'POINTER MISMATCH',
      why:
        match === null
          ? wrap.reason
          : `${report.planes.length} planes: NVCV's exported pointers ${match ? 'equal' : 'differ from'} FFmpeg's`,
    },
    {
      key: 'aliasing',
      ok: aliasing.ran ? aliasing.passed && aliasing.restored : null,
      headline: aliasing.ran ? (aliasing.passed ? 'ALIASING PROVEN' : 'ALIASING FAILED') : 'PROOF NOT RUN',
      why: aliasing.ran ? `canary ${aliasing.canary} written through NVCV, read through FFmpeg` : aliasing.reason,
    },
    {
      key: 'tensor',
      ok: tensor.attempted ? tensor.valid : null,
      headline: !tensor.attempted
        ? 'SINGLE TENSOR: NOT TRIED'
        : tensor.valid
          ? 'SINGLE TENSOR: VALID'
          : 'SINGLE TENSOR: WRONG',
      why: off,
    },
    {
      key: 'context',
      ok: context.oneContext,
      headline:
        context.oneContext === null ? 'NO CUDA CONTEXT' : context.oneContext ? 'ONE CUDA CONTEXT' : 'TWO CUDA CONTEXTS',
      why: context.strategy,
    },
  ];
}
