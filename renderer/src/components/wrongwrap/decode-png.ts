/** A captured PNG's pixels, decoded by the browser itself (the renderer ships no PNG decoder of its own). */
import { base64ToBytes } from '../thumbnails/grey';
import type { RgbPixels } from './pixels';

/** The RGB bytes of a base64 PNG, exactly as stored: no colour management, no premultiplied alpha. */
export async function pngPixels(base64: string): Promise<RgbPixels> {
  if (typeof createImageBitmap !== 'function') throw new Error('this browser cannot decode the pictures to compare');
  // A copy typed to an ArrayBuffer, as Blob wants.
  const bytes = Uint8Array.from(base64ToBytes(base64));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
    colorSpaceConversion: 'none',
    premultiplyAlpha: 'none',
  });
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context === null) throw new Error('this browser cannot read pictures back');
    context.drawImage(bitmap, 0, 0);
    const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const rgb = new Uint8Array(bitmap.width * bitmap.height * 3);
    for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
      rgb[j] = rgba[i] ?? 0;
      rgb[j + 1] = rgba[i + 1] ?? 0;
      rgb[j + 2] = rgba[i + 2] ?? 0;
    }
    return { width: bitmap.width, height: bitmap.height, rgb };
  } finally {
    bitmap.close();
  }
}
