/** One RGB picture drawn into a canvas, carrying its size and a checksum of its pixels as data attributes. */
import type { RgbImage } from '../../../../contract/show';
import { useRgbCanvas } from './use-rgb-canvas';

/** Props of RgbCanvas. */
export interface RgbCanvasProps {
  image: RgbImage;
  testId: string;
  label: string;
}

/** The canvas; the checksum (data-checksum) lets tests see that the picture changed without reading pixels back. */
export function RgbCanvas({ image, testId, label }: RgbCanvasProps) {
  const ref = useRgbCanvas(image.rgb, image.width, image.height);
  return (
    <canvas ref={ref} width={image.width} height={image.height} data-testid={testId} aria-label={label} role="img" />
  );
}
