/** What the share popover offers: the panels that export as PNG, and the frames field read as a selection. */
import type { CaptureFrames } from '../../../../contract/capture';
import { MAX_LISTED_FRAMES, parseFrameList } from '../../../../wording/frame-list';

/** A panel that can be exported, by its data-testid. */
export interface ExportablePanel {
  testId: string;
  label: string;
}

/** The panels offered for PNG export (those present on screen are enabled). */
export const EXPORTABLE_PANELS: ExportablePanel[] = [
  { testId: 'identity-panel', label: 'Pointer identity' },
  { testId: 'layout-panel', label: 'Plane layout' },
  { testId: 'decoder-panel', label: 'Decoder' },
  { testId: 'thumbnails', label: 'Planes' },
  { testId: 'probe-panel', label: 'Pixel probe' },
  { testId: 'hex-panel', label: 'Memory as hex' },
  { testId: 'ab-panel', label: 'A/B' },
];

/** The frames field: empty means the visited frames; "a-b" a range; otherwise a list. */
export function framesFromText(text: string): CaptureFrames | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(trimmed);
  if (range !== null) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    if (to < from) throw new Error(`the range ${trimmed} runs backwards`);
    if (to - from >= MAX_LISTED_FRAMES) throw new Error(`a capture holds at most ${MAX_LISTED_FRAMES} frames`);
    return { from, to };
  }
  return parseFrameList(trimmed);
}
