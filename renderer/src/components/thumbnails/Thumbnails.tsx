/** Plane previews: each plane's grey thumbnail drawn into a canvas. */
import { memo, useEffect, useRef } from 'react';
import type { PlaneThumbnail } from '../../../../contract/show';
import { greyToRgba } from './grey';
import { PanelToggle } from '../common/PanelToggle';

/** Props of Thumbnails. */
export interface ThumbnailsProps {
  thumbnails: PlaneThumbnail[];
}

function PlaneCanvas({ thumb }: { thumb: PlaneThumbnail }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = ref.current?.getContext('2d') ?? null;
    if (context === null) return;
    const rgba = greyToRgba(thumb.data, thumb.width, thumb.height);
    context.putImageData(new ImageData(rgba, thumb.width, thumb.height), 0, 0);
  }, [thumb]);
  return (
    <canvas
      ref={ref}
      width={thumb.width}
      height={thumb.height}
      data-testid={`thumbnail-${thumb.plane}`}
      aria-label={`${thumb.name} plane`}
    />
  );
}

/** The panel. */
export const Thumbnails = memo(function Thumbnails({ thumbnails }: ThumbnailsProps) {
  return (
    <section className="panel thumbs" data-testid="thumbnails" aria-labelledby="thumbs-title">
      <header className="panel-head">
        <PanelToggle id="thumbs" title="Planes" />
        <h2 id="thumbs-title">Planes</h2>
      </header>
      {thumbnails.length === 0 ? <p className="muted">No previews for this frame.</p> : null}
      <div className="thumb-row">
        {thumbnails.map((thumb) => (
          <figure key={`${thumb.plane}-${thumb.name}`}>
            <PlaneCanvas thumb={thumb} />
            <figcaption>
              {thumb.name} · {thumb.width}×{thumb.height}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
});
