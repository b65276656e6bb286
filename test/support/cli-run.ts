/** The built command line run as a process, for the integration tests. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths';

const BIN = path.join(ROOT, 'bin', 'zerocopy-inspector.js');

/** What one run printed and how it ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `zerocopy-inspector ARGS` in `cwd` with `env` added, and its own config folder there: the signing key and the
 * record of partial writes stay in the test's folder. */
export function runCli(cwd: string, args: readonly string[], env: Record<string, string> = {}): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, XDG_CONFIG_HOME: path.join(cwd, 'config'), ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
