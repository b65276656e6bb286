/**
 * A key that makes a panel start afresh when what it shows changes while the pointer is over it: its hover readout
 * would otherwise go on describing what was shown before. With the pointer elsewhere the key stays, so stepping
 * updates the panel instead of building it again.
 */
import { useState } from 'react';

/** The key to give the panel, and the pointer handlers for an element around it. */
export function useHoverResetKey(shown: string) {
  const [pointerIn, setPointerIn] = useState(false);
  const [seen, setSeen] = useState({ shown, epoch: 0 });
  // Adjusting state while rendering: the new key applies in this same render (React's "previous props" pattern).
  if (seen.shown !== shown) setSeen({ shown, epoch: pointerIn ? seen.epoch + 1 : seen.epoch });
  return {
    key: `shown-${seen.epoch}`,
    onPointerEnter: () => setPointerIn(true),
    onPointerLeave: () => setPointerIn(false),
  };
}
