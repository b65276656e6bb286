/**
 * One Tab stop for a group of focusable items (the layout drawing's blocks, the inset's bands): only the item last
 * focused (at first, the first one) is in the tab order; the arrow keys, Home and End move between them.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** The keys that move within a group, and where to: the roving focus's and a region's one Tab stop's. */
export const ARROW_MOVES: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (i, n) => Math.min(n - 1, i + 1),
  ArrowDown: (i, n) => Math.min(n - 1, i + 1),
  ArrowLeft: (i) => Math.max(0, i - 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * Keeps the group's items (those under the container matching the selector) at tabindex -1 but one, after every
 * render; returns the container's keydown and focus handlers.
 */
export function useRovingFocus(
  container: RefObject<Element | null>,
  selector: string,
): { onKeyDown(event: KeyboardEvent): void; onFocus(event: { target: EventTarget }): void } {
  const current = useRef(0);
  const items = (): Element[] => Array.from(container.current?.querySelectorAll(selector) ?? []);
  useEffect(() => {
    const all = items();
    if (current.current >= all.length) current.current = 0;
    all.forEach((item, i) => item.setAttribute('tabindex', i === current.current ? '0' : '-1'));
  });
  return {
    onFocus(event) {
      const index = items().indexOf(event.target as Element);
      if (index < 0) return;
      current.current = index;
      items().forEach((item, i) => item.setAttribute('tabindex', i === index ? '0' : '-1'));
    },
    onKeyDown(event) {
      const all = items();
      const index = all.indexOf(event.target as Element);
      const move = ARROW_MOVES[event.key];
      if (index < 0 || move === undefined) return;
      event.preventDefault();
      // Inside the group the arrows move between its items; the page's arrow shortcuts (step a frame) do not run.
      event.stopPropagation();
      (all[move(index, all.length)] as HTMLElement | SVGElement | undefined)?.focus();
    },
  };
}
