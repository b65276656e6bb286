/**
 * Draws packed RGB bytes into a canvas and names them with a checksum (data-checksum), after the commit: neither
 * holds up showing the frame. Tests tell pictures apart by the checksum without reading pixels back.
 */
import { useEffect, useRef } from 'react';
import { checksum, rgbToRgba } from './rgb';

/** The ref to give the canvas that shows `rgb` (width × height pixels). */
export function useRgbCanvas(rgb: Uint8Array, width: number, height: number) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (canvas === null) return;
    canvas.dataset.checksum = checksum(rgb);
    const context = canvas.getContext('2d');
    if (context === null) return;
    context.putImageData(new ImageData(rgbToRgba(rgb, width, height), width, height), 0, 0);
  }, [rgb, width, height]);
  return ref;
}
