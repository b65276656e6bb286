/** The difference of two grey plane thumbnails of the same size: a picture of |A − B| and its figures. */
import type { PlaneThumbnail } from '../../../../contract/show';

/** |A − B| per pixel (scaled by gain so small differences show), how many pixels differ and by how much at most. */
export interface GreyDifference {
  width: number;
  height: number;
  data: Uint8Array;
  differing: number;
  maxDifference: number;
}

/** The difference, or null when the sizes disagree (there is no pixel-for-pixel comparison then). */
export function greyDifference(a: PlaneThumbnail, b: PlaneThumbnail, gain = 4): GreyDifference | null {
  if (a.width !== b.width || a.height !== b.height) return null;
  const n = a.width * a.height;
  if (a.data.length < n || b.data.length < n) return null;
  const data = new Uint8Array(n);
  let differing = 0;
  let maxDifference = 0;
  for (let i = 0; i < n; i += 1) {
    const d = Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
    if (d > 0) differing += 1;
    if (d > maxDifference) maxDifference = d;
    data[i] = Math.min(255, d * gain);
  }
  return { width: a.width, height: a.height, data, differing, maxDifference };
}
