/**
 * The frame bar's height as the page's CSS variable --frame-bar-height, kept current as the bar wraps or grows (the
 * progress row comes and goes): a panel that must fit the window under the sticky bar sizes itself by it.
 */
import { useLayoutEffect, type RefObject } from 'react';

/** Keeps --frame-bar-height on the document's root equal to the bar's height in CSS pixels. */
export function useFrameBarHeight(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (element === null) return;
    const root = element.ownerDocument.documentElement;
    const write = () => root.style.setProperty('--frame-bar-height', `${Math.ceil(element.offsetHeight)}px`);
    write();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(write);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--frame-bar-height');
    };
  }, [bar]);
}
