/**
 * `npm start` without Electron's binary says in one plain line that the desktop shell is not installed and that serve
 * mode runs in the browser instead, never Electron's own "please delete node_modules/electron" text.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths';
import { killLeftovers, launch, launcherBuilt, servedUrl, type Launched } from './launcher-process';

/** The line the launcher prints before serve mode's own lines. */
const PLAIN_LINE =
  'Serve mode in the browser instead of the desktop window: the desktop shell (Electron) is not installed; ' +
  'node node_modules/electron/install.js installs it.';

/** Electron's download writes this file; where it is missing, loading the electron package throws its own text. */
const downloaded = existsSync(path.join(ROOT, 'node_modules', 'electron', 'path.txt'));

let launched: Launched | null = null;

afterEach(() => {
  if (launched !== null) killLeftovers(launched);
  launched = null;
});

/** Runs the launcher with ENV until serve mode serves; returns what it printed, then stops it. */
async function printed(env: Record<string, string | undefined>): Promise<{ stdout: string; stderr: string }> {
  const run = await launch(['--port', '0'], { ZCI_SERVE: undefined, DISPLAY: ':99', ...env });
  launched = run;
  await servedUrl(run);
  run.proc.kill('SIGTERM');
  await run.ended;
  return { stdout: run.stdout(), stderr: run.stderr() };
}

function expectPlain(output: { stdout: string; stderr: string }): void {
  expect(output.stdout.split('\n')[0]).toBe(PLAIN_LINE);
  expect(output.stdout.split('\n').filter((line) => /Electron|electron/.test(line))).toEqual([PLAIN_LINE]);
  expect(`${output.stdout}${output.stderr}`).not.toMatch(/please delete|failed to install correctly/i);
  expect(output.stderr).toBe('');
}

describe.skipIf(!launcherBuilt)('npm start without the desktop shell (needs npm run build)', () => {
  it.skipIf(downloaded)("Electron's download never ran: one plain line, then serve mode", async () => {
    expectPlain(await printed({ ELECTRON_OVERRIDE_DIST_PATH: undefined }));
  });

  it("Electron's binary is not where the package says: the same one line, then serve mode", async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'zci-no-electron-'));
    expectPlain(await printed({ ELECTRON_OVERRIDE_DIST_PATH: empty }));
  });
});
