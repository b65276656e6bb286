/** Which memory region a pixel of a plane lies in, from the plane's facts (the reads' own labels take precedence). */
import type { MemoryRegion, RegionSpan } from '../../../contract/memory';
import type { PlaneFacts } from './plane-facts';

/** The region of pixel (x, y) of a plane: x counts pixels of bytesPerPixel bytes across the pitch. */
export function pixelRegion(plane: PlaneFacts, x: number, y: number): MemoryRegion {
  const byte = x * plane.bytesPerPixel;
  const codedRows = plane.height + plane.codedRowsNotDisplayed;
  if (y < 0 || x < 0 || byte >= plane.pitch) return 'outside-planes';
  if (y < plane.height) {
    if (byte < plane.visibleBytes) return 'visible';
    return byte < plane.codedBytes ? 'coded-not-displayed' : 'right-padding';
  }
  if (y < codedRows) return byte < plane.codedBytes ? 'coded-not-displayed' : 'right-padding';
  if (y < plane.rows) return 'allocator-padding';
  return 'outside-planes';
}

/** The region a read labelled the byte at index i of its data with; null when no span holds it. */
export function regionOfByte(regions: readonly RegionSpan[], i: number): MemoryRegion | null {
  for (const span of regions) {
    if (i >= span.start && i < span.start + span.length) return span.region;
  }
  return null;
}
