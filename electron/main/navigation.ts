/** Which URLs the window may show and which frames may talk to the main process. */

/** The window never navigates away from the app's own page. */
export function navigationAllowed(target: string, appUrl: string): boolean {
  return stripHash(target) === stripHash(appUrl);
}

/** Only the app's own top frame may ask for a backend port or a dialog. */
export function senderAllowed(frameUrl: string | undefined, appUrl: string): boolean {
  return frameUrl !== undefined && navigationAllowed(frameUrl, appUrl);
}

/** Every permission request (camera, notifications, …) is refused. */
export function permissionAllowed(_permission: string): boolean {
  return false;
}

/** The frame an IPC event came from, as far as the guard looks at it. */
interface SenderFrame {
  url: string;
  parent: unknown;
}

/** True when an IPC event comes from the app's page in a window's top frame (never a subframe). */
export function fromAppPage(event: { senderFrame?: SenderFrame | null }, rendererUrl: string): boolean {
  const frame = event.senderFrame ?? null;
  return frame !== null && frame.parent === null && senderAllowed(frame.url, rendererUrl);
}

/** Wraps an invoke handler: events from any other frame get `refused` and never reach it. */
export function guarded<E extends { senderFrame?: SenderFrame | null }, R>(
  rendererUrl: string,
  refused: () => R,
  handler: (event: E, ...args: unknown[]) => Promise<R>,
): (event: E, ...args: unknown[]) => Promise<R> {
  return async (event, ...args) => (fromAppPage(event, rendererUrl) ? handler(event, ...args) : refused());
}

function stripHash(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    parsed.search = '';
    return parsed.href;
  } catch {
    return '';
  }
}
