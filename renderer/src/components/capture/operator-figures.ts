/** The figures of a captured operator preview, in one line. */
import type { CapturedOperatorWire } from '../../../../electron/common/contract';

/** "psnr 48.5 dB · max |err| 2 · 0.12 ms" from the figures present. */
export function operatorFigures(op: CapturedOperatorWire): string {
  const parts = [];
  if (op.psnr !== null) parts.push(`PSNR ${op.psnr.toFixed(1)} dB`);
  if (op.maxAbsError !== null) parts.push(`max |err| ${op.maxAbsError}`);
  if (op.gpuTimeMs !== null) parts.push(`${op.gpuTimeMs.toFixed(3)} ms GPU`);
  return parts.join(' · ');
}
