/** Whether the A/B flicker has swapped the naive and the correct picture, and how to swap them back. */
import { useContext, useState, useSyncExternalStore } from 'react';
import { StoreContext } from '../../store/context';

const noSubscription = (): (() => void) => () => undefined;

/**
 * The swap, from the store when there is one (so the shortcut reaches every comparison on screen), or held here
 * when the comparison is drawn on its own.
 */
export function useWrongWrapSwap(): { swapped: boolean; toggle(): void } {
  const store = useContext(StoreContext);
  const [local, setLocal] = useState(false);
  const shared = useSyncExternalStore(store?.subscribe ?? noSubscription, () =>
    store === null ? null : store.getState().wrongWrapSwapped,
  );
  if (store === null || shared === null) return { swapped: local, toggle: () => setLocal((value) => !value) };
  return { swapped: shared, toggle: () => store.getState().toggleWrongWrapSwap() };
}
