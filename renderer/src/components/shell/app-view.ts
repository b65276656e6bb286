/**
 * What the app hands its layout: the store's state the page shows, the store's actions its controls call, and the
 * handlers and popovers the app makes once (so the memoised panels keep the same props from render to render).
 */
import type { useHoverResetKey } from '../common/use-hover-reset';
import type { PopoverRefs, usePopover } from '../common/use-popover';
import type { AppState } from '../../store/types';

/** The store's state the page shows. */
export type AppView = Pick<
  AppState,
  | 'file'
  | 'info'
  | 'report'
  | 'thumbnails'
  | 'ledger'
  | 'environment'
  | 'recents'
  | 'opening'
  | 'loadingFrame'
  | 'error'
  | 'restart'
  | 'progress'
  | 'helpOpen'
  | 'settings'
  | 'contextMode'
  | 'capture'
  | 'capturedOperators'
  | 'presenterOpen'
  | 'pinned'
  | 'decoderCompare'
  | 'decoderCompareRunning'
  | 'pinning'
>;

/** The store's actions the page's controls call directly. */
export type AppActions = Pick<
  AppState,
  | 'dismissError'
  | 'togglePresenter'
  | 'toggleTheme'
  | 'toggleHelp'
  | 'updateSettings'
  | 'setContextMode'
  | 'loadSettings'
  | 'reopenAfterRestart'
  | 'dismissRestart'
  | 'cancelWork'
  | 'probeAt'
  | 'pinShown'
  | 'pinFromCapture'
  | 'clearPin'
>;

/** Handlers the app makes once, for the memoised panels. */
export interface AppHandlers {
  open(path: string, frame?: number): void;
  closeFile(): void;
  step(delta: number): void;
  goToFrame(index: number): void;
  goToTime(seconds: number): void;
  compareDecoders(): void;
}

/** The settings popover: its open state, its controls and its elements. */
export type SettingsPopover = ReturnType<typeof usePopover<HTMLButtonElement, HTMLDivElement>>;

/** The help overlay's elements: the button that opens it and the overlay. */
export type HelpRefs = PopoverRefs;

/** The key and pointer handlers that start the layout drawing afresh on a step under the pointer. */
export type HoverReset = ReturnType<typeof useHoverResetKey>;
