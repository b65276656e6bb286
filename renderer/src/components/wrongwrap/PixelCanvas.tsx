/** A picture held as bytes, drawn into a canvas that carries its size and a checksum of its pixels. */
import { useRgbCanvas } from '../operators/use-rgb-canvas';
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
  const ref = useRgbCanvas(image.rgb, image.width, image.height);
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
