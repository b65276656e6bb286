/** A picture held as bytes, drawn into a canvas that carries its size and a checksum of its pixels. */
import { useEffect, useRef } from 'react';
import { checksum, rgbToRgba } from '../operators/rgb';
import type { RgbPixels } from './pixels';

/** Props of PixelCanvas. */
export interface PixelCanvasProps {
  image: RgbPixels;
  testId: string;
  label: string;
  className?: string;
}

/** The canvas; the checksum (data-checksum) lets tests tell pictures apart without reading pixels back. */
export function PixelCanvas({ image, testId, label, className }: PixelCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  // Drawn, and summed, after the commit: neither holds up showing the frame.
  useEffect(() => {
    const canvas = ref.current;
    if (canvas === null) return;
    canvas.dataset.checksum = checksum(image.rgb);
    const context = canvas.getContext('2d');
    if (context === null) return;
    context.putImageData(
      new ImageData(rgbToRgba(image.rgb, image.width, image.height), image.width, image.height),
      0,
      0,
    );
  }, [image]);
  return (
    <canvas
      ref={ref}
      className={className}
      width={image.width}
      height={image.height}
      data-testid={testId}
      aria-label={label}
      role="img"
    />
  );
}
