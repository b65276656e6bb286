/** React access to the store: a context for the instance and a typed, shallow-comparing selector hook. */
import { createContext, useContext } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AppState } from './types';

/** The store instance the app renders with. */
export const StoreContext = createContext<StoreApi<AppState> | null>(null);

/** Selects from the store; object and array results are compared shallowly. */
export function useApp<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useApp needs a StoreContext provider');
  return useStore(store, useShallow(selector));
}
