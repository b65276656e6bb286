/** One RGB picture drawn into a canvas, carrying its size and a checksum of its pixels as data attributes. */
import { useEffect, useRef } from 'react';
import type { RgbWire } from '../../../../electron/common/preview';
import { checksum, rgbToRgba } from './rgb';

/** Props of RgbCanvas. */
export interface RgbCanvasProps {
  image: RgbWire;
  testId: string;
  label: string;
}

/** The canvas; the checksum (data-checksum) lets tests see that the picture changed without reading pixels back. */
export function RgbCanvas({ image, testId, label }: RgbCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const bytes = image.rgb;
  // Drawn, and summed, after the commit: neither holds up showing the frame.
  useEffect(() => {
    const canvas = ref.current;
    if (canvas === null) return;
    canvas.dataset.checksum = checksum(bytes);
    const context = canvas.getContext('2d');
    if (context === null) return;
    const rgba = rgbToRgba(bytes, image.width, image.height);
    context.putImageData(new ImageData(rgba, image.width, image.height), 0, 0);
  }, [bytes, image.width, image.height]);
  return (
    <canvas ref={ref} width={image.width} height={image.height} data-testid={testId} aria-label={label} role="img" />
  );
}
