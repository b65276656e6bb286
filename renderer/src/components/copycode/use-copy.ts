/** Copies text with navigator.clipboard: 'copied' for a while after success, 'refused' with a fallback when not. */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the last copy stands. */
export type CopyState = 'idle' | 'copied' | 'refused';

/** How long the copied state shows. */
const COPIED_MS = 2000;

/** A copy action and its visible state; the state returns to idle after a copy or when the text changes. */
export function useCopy(text: string | null): { state: CopyState; copy: () => void } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    setState('idle');
  }, [text]);
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
      setState('refused');
      return;
    }
    clipboard.writeText(text).then(
      () => {
        setState('copied');
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(() => setState('idle'), COPIED_MS);
      },
      () => setState('refused'),
    );
  }, [text]);
  return { state, copy };
}
