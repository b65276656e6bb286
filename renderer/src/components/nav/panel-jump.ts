/**
 * The panel bar's places: each of the frame view's panels that answers a question, with its key (1–9). A jump scrolls
 * the panel's top just under the sticky frame bar and gives it focus, so the next Tab goes into the panel.
 */

/** One place of the panel bar. */
export interface PanelPlace {
  /** The key that jumps there, 1–9. */
  key: number;
  label: string;
  /** The question the panel answers, said in the button's title. */
  question: string;
  /** The panel's data-testid. */
  testId: string;
}

/** The panels in page order. */
export const PANEL_PLACES: readonly PanelPlace[] = [
  { key: 1, label: 'Answers', question: 'Do the pointers match, is the wrap valid?', testId: 'frame-answers' },
  { key: 2, label: 'Identity', question: 'Which frame and file is this?', testId: 'identity-panel' },
  { key: 3, label: 'Layout', question: 'Is the wrap right?', testId: 'layout-panel' },
  { key: 4, label: 'Probe', question: 'What does this pixel hold?', testId: 'probe-panel' },
  { key: 5, label: 'Hex', question: 'Where are the bytes?', testId: 'hex-panel' },
  { key: 6, label: 'Decoders', question: 'Do the decoders agree?', testId: 'decoder-ab-panel' },
  { key: 7, label: 'A/B', question: 'What differs between A and B?', testId: 'ab-panel' },
  { key: 8, label: 'Decoder', question: 'Which decoder and device ran?', testId: 'decoder-panel' },
  { key: 9, label: 'Operators', question: 'What do the operators make of it?', testId: 'operators-panel' },
];

/** Room left between the frame bar and the panel's top, in CSS pixels. */
const GAP = 8;

/**
 * Scrolls the panel with this key to just under the frame bar and focuses it; false when the key has no place or the
 * panel is not on the page (no file open, or a panel the frame has none of).
 */
export function jumpToPanel(key: number, doc: Document = document): boolean {
  const place = PANEL_PLACES.find((p) => p.key === key);
  if (place === undefined) return false;
  const panel = doc.querySelector<HTMLElement>(`[data-testid="${place.testId}"]`);
  if (panel === null) return false;
  const view = doc.defaultView;
  if (view === null) return false;
  // A jump to a collapsed panel opens it: the answer is what was asked for.
  panel.querySelector<HTMLButtonElement>(':scope > .panel-head > .panel-toggle[aria-expanded="false"]')?.click();
  const bar = doc.querySelector<HTMLElement>('nav.navbar');
  const barBottom = bar === null ? 0 : bar.getBoundingClientRect().height;
  const top = panel.getBoundingClientRect().top + view.scrollY - barBottom - GAP;
  view.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
  if (!panel.hasAttribute('tabindex')) panel.setAttribute('tabindex', '-1');
  panel.focus({ preventScroll: true });
  return true;
}
