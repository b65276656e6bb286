/** The probe view's choice (ProbeViewControl): the channel, the range, and the value or the word as stored. */
import type { SampleLayout } from './sample-format';
import { hasWordView, tilesSpan, type SampleMapping } from './tile-image';

/** The user's choice, kept while frames step and planes change (the channel applies where a plane has two). */
export interface ProbeViewChoice {
  channel: 'all' | 0 | 1;
  range: 'full' | 'stretch';
  representation: 'value' | 'word';
}

/** The view as it opens: every component, values at full scale. */
export const OPENING_VIEW: ProbeViewChoice = { channel: 'all', range: 'full', representation: 'value' };

/** The tiles' bytes as read: their bytes and the read's rows and row length. */
interface TileRead {
  bytes: Uint8Array;
  read: { rows: number; bytesPerRow: number };
}

/**
 * The choice as it applies to a plane: a channel where the plane has two components, the word where its samples sit
 * in 16-bit words, and for a stretch the span of the samples shown over the tiles read for the view.
 */
export function viewMapping(
  choice: ProbeViewChoice,
  layout: SampleLayout,
  reads: readonly TileRead[],
  bytesPerPixel: number,
): SampleMapping {
  const shape = {
    channel: layout.components.length === 2 ? choice.channel : 'all',
    representation: hasWordView(layout) ? choice.representation : 'value',
  } as const;
  const tiles = reads.map((t) => ({ bytes: t.bytes, rows: t.read.rows, bytesPerRow: t.read.bytesPerRow }));
  return { ...shape, stretch: choice.range === 'stretch' ? tilesSpan(tiles, bytesPerPixel, layout, shape) : null };
}
