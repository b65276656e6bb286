/** Decides whether `npm start` can run the Electron app, or must fall back to serve mode. */

/** The front end to run. */
export type FrontEnd = { kind: 'electron'; binary: string } | { kind: 'serve'; reason: string };

/** What the decision looks at. */
export interface StartFacts {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** The Electron binary, or the error met while locating it. */
  electron: { binary: string; exists: boolean } | { error: string };
}

/** Why serve mode runs when Electron is missing: plain words, never Electron's own install text. */
const SHELL_NOT_INSTALLED =
  'the desktop shell (Electron) is not installed; node node_modules/electron/install.js installs it';

/** Picks Electron when its binary exists and (on Linux) a display is there; serve mode otherwise. */
export function chooseFrontEnd(facts: StartFacts): FrontEnd {
  if (facts.env.ZCI_SERVE === '1') return { kind: 'serve', reason: 'ZCI_SERVE=1 asks for serve mode' };
  if ('error' in facts.electron || !facts.electron.exists) return { kind: 'serve', reason: SHELL_NOT_INSTALLED };
  const hasDisplay = Boolean(facts.env.DISPLAY) || Boolean(facts.env.WAYLAND_DISPLAY);
  if (facts.platform === 'linux' && !hasDisplay)
    return { kind: 'serve', reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  return { kind: 'electron', binary: facts.electron.binary };
}

/** An Electron run that ends this fast with a failure means it could not start at all. */
export function electronFailedToStart(code: number | null, elapsedMs: number): boolean {
  return code !== 0 && elapsedMs < 5_000;
}
