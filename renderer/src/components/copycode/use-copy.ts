/** Copies text with navigator.clipboard: 'copied' for a while after success, 'refused' with a fallback when not. */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the last copy stands. */
export type CopyState = 'idle' | 'copied' | 'refused';

/** How long the copied state shows. */
const COPIED_MS = 2000;

/** A copy action and its visible state; the state returns to idle after a copy or when the text changes. */
export function useCopy(text: string | null): { state: CopyState; copy: () => void } {
  // The state belongs to the text it was reached with: another text shows idle.
  const [last, setLast] = useState<{ text: string | null; state: CopyState }>({ text: null, state: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(() => {
    if (text === null) return;
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (clipboard === undefined) {
      setLast({ text, state: 'refused' });
      return;
    }
    clipboard.writeText(text).then(
      () => {
        setLast({ text, state: 'copied' });
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(() => setLast({ text, state: 'idle' }), COPIED_MS);
      },
      () => setLast({ text, state: 'refused' }),
    );
  }, [text]);
  return { state: last.text === text ? last.state : 'idle', copy };
}
