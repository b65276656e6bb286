/** Two effects of the pixel probe: the view's width follows its box, and Escape anywhere drops the pin. */
import { useEffect, type RefObject } from 'react';

/** Calls setWidth with the box's content width (at least 200 px) whenever the box is resized. */
export function useWidth(box: RefObject<HTMLElement | null>, setWidth: (width: number) => void): void {
  useEffect(() => {
    const element = box.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, setWidth]);
}

/**
 * While a pixel is pinned, Escape drops the pin from anywhere on the page unless a dialog or popover is open (those
 * take Escape first); returns the probe panel's own Escape handler.
 */
export function useEscapeUnpins(
  pinned: boolean,
  setPin: (pin: null) => void,
): (event: { key: string; preventDefault(): void; stopPropagation(): void }) => void {
  useEffect(() => {
    if (!pinned) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('[role="dialog"], [aria-modal="true"]') !== null) return;
      setPin(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pinned, setPin]);
  // The panel's own keydown: inside it the pin goes first, and the page's Escape (close the error, leave a field)
  // does not run as well.
  return (event) => {
    if (event.key !== 'Escape' || !pinned) return;
    event.preventDefault();
    event.stopPropagation();
    setPin(null);
  };
}
