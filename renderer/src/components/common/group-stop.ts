/**
 * One Tab stop for all the controls of a region (a panel): Tab lands on the control last used there (at first the
 * first one) and leaves the region on the next Tab; the arrow keys, Home and End move between the region's controls.
 * A group of its own inside the region (marked data-group, such as the layout drawing's blocks, or a block of code
 * that scrolls) keeps its own stop, and a popover's controls keep theirs. Arrows in a field keep their own meaning;
 * only from a button, a link or a disclosure's summary do they move.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { ARROW_MOVES } from './roving-focus';

/** What can hold focus in a region. */
const FOCUSABLE = 'button:not(:disabled), a[href], summary, input:not(:disabled), select, textarea, [tabindex]';

/** The kinds of control on which the arrow keys move to the next control rather than doing their own work. */
const MOVES_FROM = new Set(['BUTTON', 'A', 'SUMMARY']);

/** Whether the element can take focus now: not in a closed disclosure, a collapsed panel's body or a hidden part. */
function shown(element: Element): boolean {
  const details = element.closest('details');
  if (details !== null && !details.open && !(element.tagName === 'SUMMARY' && element.parentElement === details))
    return false;
  if (element.closest('[hidden], [inert], .panel[data-collapsed="true"] > :not(.panel-head)') !== null) return false;
  return true;
}

/** Before b in the document: -1, else 1. */
function inDocumentOrder(a: Element, b: Element): number {
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

/**
 * The region's own controls, in document order: none of a nested group's or a popover's. (Sorted, since not every
 * selector engine returns a list of selectors' matches in document order.)
 */
function groupItems(region: Element): HTMLElement[] {
  return Array.from(region.querySelectorAll<HTMLElement>(FOCUSABLE))
    .filter(
      (item) =>
        item.closest('[data-group]') === region &&
        item.closest('[role="dialog"]') === null &&
        item.getAttribute('aria-hidden') !== 'true' &&
        shown(item),
    )
    .sort(inDocumentOrder);
}

/** What a region's element spreads: its ref, the data-group mark, and its keydown and focus handlers. */
export interface GroupStopProps {
  ref: RefObject<HTMLElement | null>;
  'data-group': '';
  onKeyDown(event: KeyboardEvent): void;
  onFocus(event: { target: EventTarget }): void;
}

/**
 * Makes the element that spreads the returned props one Tab stop: keeps its controls at tabindex -1 but one, after
 * every render of the component that owns it and on every focus inside it. data-group on the element tells a group
 * inside it apart.
 */
export function useGroupStop(): GroupStopProps {
  const region = useRef<HTMLElement>(null);
  const current = useRef<Element | null>(null);
  const settle = (chosen: Element | null): void => {
    if (region.current === null) return;
    const items = groupItems(region.current);
    const stop = chosen !== null && items.includes(chosen as HTMLElement) ? chosen : items[0];
    current.current = stop ?? null;
    for (const item of items) item.setAttribute('tabindex', item === stop ? '0' : '-1');
  };
  useEffect(() => settle(current.current));
  return {
    ref: region,
    'data-group': '',
    onFocus(event) {
      if (region.current !== null && groupItems(region.current).includes(event.target as HTMLElement))
        settle(event.target as Element);
    },
    onKeyDown(event) {
      if (region.current === null) return;
      const target = event.target as HTMLElement;
      const move = ARROW_MOVES[event.key];
      if (move === undefined || !MOVES_FROM.has(target.tagName)) return;
      const items = groupItems(region.current);
      const index = items.indexOf(target);
      if (index < 0) return;
      event.preventDefault();
      // Inside the region the arrows move between its controls; the page's arrow shortcuts (step a frame) do not run.
      event.stopPropagation();
      items[move(index, items.length)]?.focus();
    },
  };
}
