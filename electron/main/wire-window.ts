/**
 * The handlers that keep a window on the app: navigation and redirects of any frame only to the app's page, no new
 * windows, no webviews, no permissions. Plain functions over the parts of WebContents and Session they touch, so
 * the wiring itself is tested with events from foreign frames.
 */
import type { Session, WebContents } from 'electron';
import { navigationAllowed, permissionAllowed } from './navigation';

/** Something whose default an event handler may prevent. */
interface Preventable {
  preventDefault(): void;
}

/** A navigation event as Electron hands it over: the target URL on the event (and as the second argument). */
interface NavigationEvent extends Preventable {
  url?: string;
}

/** The parts of a window's WebContents the wiring uses. */
export type WiredContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Attaches the navigation, redirect, window-open and webview handlers to one window's contents. */
export function wireContents(contents: WiredContents, appUrl: string): void {
  const keepOnApp = (event: NavigationEvent, url?: string): void => {
    const target = url ?? event.url ?? '';
    if (!navigationAllowed(target, appUrl)) event.preventDefault();
  };
  const on = contents.on.bind(contents) as (event: string, listener: (...args: never[]) => void) => void;
  on('will-navigate', keepOnApp);
  on('will-frame-navigate', keepOnApp);
  on('will-redirect', keepOnApp);
  on('will-attach-webview', (event: Preventable) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Refuses every permission request and check of a session. */
export function wireSession(target: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>): void {
  target.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionAllowed(permission)));
  target.setPermissionCheckHandler((_contents, permission) => permissionAllowed(permission));
}
