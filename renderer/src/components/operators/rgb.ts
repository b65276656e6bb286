/** Turns an RGB picture into RGBA pixels for a canvas, and names its bytes with a short checksum. */

/** Expands packed RGB bytes to opaque RGBA, one pixel per three bytes. */
export function rgbToRgba(rgb: Uint8Array, width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const pixels = width * height;
  const rgba = new Uint8ClampedArray(new ArrayBuffer(pixels * 4));
  for (let i = 0; i < pixels; i += 1) {
    rgba[i * 4] = rgb[i * 3] ?? 0;
    rgba[i * 4 + 1] = rgb[i * 3 + 1] ?? 0;
    rgba[i * 4 + 2] = rgb[i * 3 + 2] ?? 0;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** FNV-1a over the bytes, as 8 hex digits: tells two pictures apart without shipping their pixels. */
export function checksum(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  // An indexed loop: an iterator over a preview's bytes costs several times more while rendering a step.
  for (let i = 0; i < bytes.length; i += 1) hash = Math.imul(hash ^ (bytes[i] ?? 0), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
