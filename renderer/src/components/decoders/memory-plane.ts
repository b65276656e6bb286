/** Where a logical plane of a decoder comparison (Y, U, V) lies in a frame's memory. */
import type { FrameReport } from '../../../../contract/report';

/** The memory plane that holds a logical plane: NV12's and P010's U and V both lie in their interleaved plane 1. */
export function memoryPlaneOf(report: FrameReport, logical: 'Y' | 'U' | 'V'): number | null {
  return report.planes.find((p) => p.name.includes(logical))?.index ?? null;
}
