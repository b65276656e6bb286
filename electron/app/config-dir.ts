/** The folder for settings, recents and the serve token: $XDG_CONFIG_HOME/zerocopy-inspector. */
import os from 'node:os';
import path from 'node:path';

/** The default config folder; an unset or empty XDG_CONFIG_HOME means ~/.config. */
export function defaultConfigDir(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== ''
      ? env.XDG_CONFIG_HOME
      : path.join(os.homedir(), '.config');
  return path.join(base, 'zerocopy-inspector');
}
