/**
 * The launcher (bin/zerocopy-inspector) runs the command line with the prestart library preloaded
 * (native/src/prestart): the command answers as it does through bin/zerocopy-inspector.js (on a machine without a
 * GPU or driver, the library's thread ends silently), the library says what it decided, and it leaves LD_PRELOAD
 * without itself, so that no process the command starts inherits it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-run';
import { ROOT, SAMPLE } from '../support/paths';

const LAUNCHER = path.join(ROOT, 'bin', 'zerocopy-inspector');
const PRESTART = path.join(ROOT, 'native', 'build', 'Release', 'libzci_prestart.so');
const built = existsSync(path.join(ROOT, 'out', 'cli', 'zerocopy-inspector.js'));
const addonBuilt = existsSync(path.join(ROOT, 'native', 'build', 'Release', 'zerocopy_inspector.node'));

/** Whether this system has a CUDA driver for the library to find (a GPU machine). */
const systemDriver = /\blibcuda\.so\.1\b/.test(spawnSync('/sbin/ldconfig', ['-p'], { encoding: 'utf8' }).stdout ?? '');

/** Runs the launcher with ARGS in its own folder, ENV added, as runCli runs the JS entry. */
function runLauncher(cwd: string, args: readonly string[], env: Record<string, string> = {}) {
  const result = spawnSync(LAUNCHER, args, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, XDG_CONFIG_HOME: path.join(cwd, 'config'), ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** An inspect report without what differs from run to run: addresses, the canary's random words and timings. */
function withoutRunFacts(json: string): unknown {
  return JSON.parse(json, (key, value: unknown) => {
    if (typeof value === 'string' && /^0x[0-9a-f]+$/.test(value)) return '0x…';
    if (key === 'canary' || key === 'readBack') return '…';
    if (typeof value === 'number' && /(Us|Ms|Seconds)$/.test(key)) return 0;
    return value;
  });
}

/** The phases line ZCI_PHASES prints on stderr. */
function phasesOf(stderr: string): { marks: Record<string, number>; prestart?: { device: number | null } } {
  const line = stderr.split('\n').find((l) => l.startsWith('{"phases"'));
  expect(line, stderr).toBeDefined();
  return JSON.parse(line ?? '{}').phases;
}

describe.skipIf(!built || !addonBuilt)('bin/zerocopy-inspector', () => {
  it('has the prestart library beside the addon it loads', () => {
    expect(existsSync(PRESTART)).toBe(true);
  });

  it.each([
    ['software decoding', ['--decode', 'software']],
    ['the default decoding', []],
  ])('inspects with %s as the JS entry does: the same exit code, the same report', (_what, decode) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-launcher-'));
    const args = ['inspect', SAMPLE, ...decode, '--frames', '0', '--json'];
    const launched = runLauncher(dir, args);
    const direct = runCli(dir, args);
    expect(launched.code, launched.stderr).toBe(direct.code);
    expect(launched.stderr).toBe(direct.stderr);
    expect(withoutRunFacts(launched.stdout)).toEqual(withoutRunFacts(direct.stdout));
  });

  it('preloads the library, which decides as the command line does; the JS entry runs without it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-launcher-'));
    const args = ['inspect', SAMPLE, '--frames', '0', '--json', '--device', '0'];
    const launched = phasesOf(runLauncher(dir, args, { ZCI_PHASES: '1' }).stderr);
    expect(launched.prestart).toEqual({ device: 0 });
    // Without a driver, the library's thread ends before any mark (with one, the next test's marks).
    if (!systemDriver) expect(Object.keys(launched.marks).filter((m) => m.startsWith('prestart-'))).toEqual([]);
    expect(phasesOf(runLauncher(dir, args, { ZCI_PHASES: '1', ZCI_PRESTART: '0' }).stderr).prestart).toEqual({
      device: null,
    });
    expect(phasesOf(runCli(dir, args, { ZCI_PHASES: '1' }).stderr).prestart).toBeUndefined();
  });

  it('prints the prestart marks with the others, on their clock, where a driver answers (the stand-in driver)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-launcher-'));
    const fakeDriver = path.join(ROOT, 'native', 'build', 'tests', 'fake-cuda'); // 30 ms a call
    expect(existsSync(path.join(fakeDriver, 'libcuda.so.1'))).toBe(true);
    const args = ['inspect', SAMPLE, '--frames', '0', '--json'];
    const run = runLauncher(dir, args, { ZCI_PHASES: '1', LD_LIBRARY_PATH: fakeDriver });
    expect(run.code, run.stderr).toBe(0);
    const { marks } = phasesOf(run.stderr);
    const driver = marks['prestart-driver'] ?? NaN;
    const context = marks['prestart-context'] ?? NaN;
    expect(driver).toBeGreaterThanOrEqual(29);
    expect(context - driver).toBeGreaterThanOrEqual(29);
    expect(context).toBeLessThan(marks.written ?? NaN);
  });

  it.each([
    ['alone', `${PRESTART}`, undefined],
    ['before another library, space-separated', `${PRESTART} libm.so.6`, 'libm.so.6'],
    ['between others, colon-separated', `libm.so.6:${PRESTART}:libdl.so.2`, 'libm.so.6:libdl.so.2'],
  ])(
    'removes itself from LD_PRELOAD when preloaded %s: neither the process nor its child sees it',
    (_how, preload, kept) => {
      const script =
        'const { execFileSync } = require("node:child_process");' +
        'const child = execFileSync(process.execPath, ["-p", "process.env.LD_PRELOAD ?? \\"(unset)\\""]);' +
        'console.log(JSON.stringify([process.env.LD_PRELOAD ?? "(unset)", String(child).trim()]));';
      const run = spawnSync(process.execPath, ['-e', script], {
        encoding: 'utf8',
        env: { ...process.env, LD_PRELOAD: preload },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual([kept ?? '(unset)', kept ?? '(unset)']);
    },
  );
});
