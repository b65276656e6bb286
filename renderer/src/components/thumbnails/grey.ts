/** Turns an 8-bit grey thumbnail into RGBA pixels for a canvas; decodes base64 (a capture's PNGs). */

/** Decodes base64 into bytes. */
export function base64ToBytes(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Expands grey bytes to opaque RGBA, one pixel per byte. */
export function greyToRgba(grey: Uint8Array, width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const pixels = width * height;
  const rgba = new Uint8ClampedArray(new ArrayBuffer(pixels * 4));
  for (let i = 0; i < pixels; i += 1) {
    const value = grey[i] ?? 0;
    rgba[i * 4] = value;
    rgba[i * 4 + 1] = value;
    rgba[i * 4 + 2] = value;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}
