/**
 * How every popover of the window behaves: Escape and a click outside it close it, and focus goes back to the
 * control that opened it. Share, settings, help, recent files and the glossary's "?" all use this.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { FRAME_VIEW_ID } from './frame-view-focus';

/** The elements a popover needs to know: the control that opens it and the popover itself. */
export interface PopoverRefs<T extends HTMLElement = HTMLButtonElement, P extends HTMLElement = HTMLDivElement> {
  triggerRef: RefObject<T | null>;
  panelRef: RefObject<P | null>;
}

// The popovers open now, innermost last: Escape closes only the innermost one.
const openStack: symbol[] = [];

/**
 * Closes an open popover on Escape (before the window's own shortcuts see the key) and on a pointer press outside
 * both the popover and its trigger; once closed, focus returns to the trigger unless the user put it elsewhere.
 */
export function useDismiss<T extends HTMLElement = HTMLButtonElement, P extends HTMLElement = HTMLDivElement>(
  open: boolean,
  onClose: () => void,
): PopoverRefs<T, P> {
  const triggerRef = useRef<T | null>(null);
  const panelRef = useRef<P | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return undefined;
    const id = Symbol('popover');
    const trigger = triggerRef.current;
    openStack.push(id);
    const inside = (target: EventTarget | null): boolean =>
      target instanceof Node &&
      ((panelRef.current?.contains(target) ?? false) || (triggerRef.current?.contains(target) ?? false));
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || openStack.at(-1) !== id) return;
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
    };
    const onPointer = (event: PointerEvent): void => {
      if (!inside(event.target)) closeRef.current();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
      openStack.splice(openStack.indexOf(id), 1);
      // After the press that closed it has moved focus (or not): focus that fell to the page goes back to the trigger.
      setTimeout(() => {
        const active = document.activeElement;
        // The frame view takes focus from a press on its background, as the page would.
        const page = active === null || active === document.body || active.id === FRAME_VIEW_ID;
        if (page || !active.isConnected) trigger?.focus();
      }, 0);
    };
  }, [open]);

  return { triggerRef, panelRef };
}

/** A popover whose open state lives here: useDismiss plus open, toggle and close. */
export function usePopover<T extends HTMLElement = HTMLButtonElement, P extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const refs = useDismiss<T, P>(open, close);
  return { open, setOpen, close, toggle, ...refs };
}
