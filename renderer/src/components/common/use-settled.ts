/** A flag that turns on only once it has held for a while, so quick work does not flash a busy state. */
import { useEffect, useState } from 'react';

/** True once `on` has stayed true for `delayMs`; false as soon as it turns false. */
export function useSettled(on: boolean, delayMs: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!on) return undefined;
    const timer = setTimeout(() => setSettled(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  // Reset while rendering, and only when it was set: quick work that never settled costs no second render.
  if (!on && settled) setSettled(false);
  return on && settled;
}
