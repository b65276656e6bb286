/** Sizes of the layout drawing on screen, shared by the drawing and the label placement. */

/** Height of the drawing in CSS pixels (the presenter view draws it taller, which only spreads labels further). */
export const DRAWING_HEIGHT_PX = 300;

/** Least distance between two labels or ticks before they are merged into one. */
export const MIN_LABEL_GAP_PX = 14;

/** Least height of a hover target, so a band of a few rows out of thousands can still be pointed at. */
export const MIN_TARGET_PX = 8;
