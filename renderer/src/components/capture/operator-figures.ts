/** The figures of a captured operator preview, in one line. */
import type { CapturedOperatorWire } from '../../../../contract/contract';
import { formatDuration } from '../../format';

/** "PSNR 48.5 dB · max |err| 2 · 123 µs GPU" from the figures present. */
export function operatorFigures(op: CapturedOperatorWire): string {
  const parts = [];
  if (op.psnr !== null) parts.push(`PSNR ${op.psnr.toFixed(1)} dB`);
  if (op.maxAbsError !== null) parts.push(`max |err| ${op.maxAbsError}`);
  if (op.gpuTimeMs !== null) parts.push(`${formatDuration(op.gpuTimeMs * 1000)} GPU`);
  return parts.join(' · ');
}
