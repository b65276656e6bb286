/** Binds the keyboard shortcuts to the store's actions. */
import { useEffect } from 'react';
import type { StoreApi } from 'zustand';
import { actionFor } from './components/help/shortcuts';
import { jumpToPanel } from './components/nav/panel-jump';
import type { AppState } from './store/types';

/** Focus target for 'g' and 'o'. */
function focus(testId: string): boolean {
  const element = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  element?.focus();
  return element !== null;
}

/** Installs a keydown listener on the window for as long as the component lives. */
export function useShortcuts(store: StoreApi<AppState>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      const inField =
        target !== null && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      const action = actionFor(event, inField);
      if (action === null) return;
      const state = store.getState();
      const captured = state.capture?.frames ?? null;
      const first = captured?.[0] ?? 0;
      const last = captured?.at(-1) ?? Math.max(0, (state.info?.frameCount ?? 1) - 1);
      event.preventDefault();
      switch (action) {
        case 'prev':
          return void state.step(-1);
        case 'next':
          return void state.step(1);
        case 'prev10':
          return void state.step(-10);
        case 'next10':
          return void state.step(10);
        case 'first':
          return void state.goToFrame(first);
        case 'last':
          return void state.goToFrame(last);
        case 'jump':
          return void focus('frame-input');
        case 'open':
          return void (focus('open-dialog') || focus('path-input'));
        case 'theme':
          return void state.toggleTheme();
        case 'presenter':
          return state.togglePresenter();
        case 'flicker':
          return state.toggleWrongWrapSwap();
        case 'pin':
          return state.pinShown();
        case 'help':
          return state.toggleHelp();
        case 'panel':
          return void jumpToPanel(Number(event.key));
        case 'escape':
          if (state.helpOpen) state.toggleHelp(false);
          else if (state.presenterOpen) state.togglePresenter(false);
          else state.dismissError();
          if (inField) target.blur();
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
