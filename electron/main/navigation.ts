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
