/** `npm start` under a signal: the launcher passes it to serve mode, which ends the backend; nothing is left running. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  killLeftovers,
  launch,
  launcherBuilt,
  processesMarked,
  servedUrl,
  stillRunningAfter,
  type Launched,
} from './launcher-process';

/** The signals that stop a job: ^C, kill, a closed terminal. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

let launched: Launched | null = null;

afterEach(() => {
  if (launched !== null) killLeftovers(launched);
  launched = null;
});

/** Starts the launcher in serve mode on a free port; resolves with it and the processes it started (serve mode and
 * the backend), once serve mode has printed its URL. */
async function started(options: { detached?: boolean } = {}): Promise<{ run: Launched; children: number[] }> {
  const run = await launch(['--port', '0'], { ZCI_SERVE: '1' }, options);
  launched = run;
  await servedUrl(run);
  const children = processesMarked(run.configDir).filter((pid) => pid !== run.proc.pid);
  return { run, children };
}

describe.skipIf(!launcherBuilt)('the launcher under a signal (needs npm run build)', () => {
  it.each(STOP_SIGNALS)('%s to the launcher ends serve mode and the backend, then the launcher', async (signal) => {
    const { run, children } = await started();
    // Serve mode and the backend it supervises.
    expect(children.length, run.stdout()).toBeGreaterThanOrEqual(2);
    run.proc.kill(signal);
    expect(await stillRunningAfter(children, 8_000)).toEqual([]);
    const end = await run.ended;
    // Serve mode stops in order and exits 0; the launcher ends as its child did.
    expect(end, run.stderr()).toEqual({ code: 0, signal: null });
    expect(run.stderr()).toBe('');
  });

  it('^C in a terminal (SIGINT to the whole process group) leaves nothing running and prints no stack', async () => {
    const { run, children } = await started({ detached: true });
    const group = run.proc.pid ?? 0;
    expect(group).toBeGreaterThan(0);
    process.kill(-group, 'SIGINT');
    expect(await stillRunningAfter([group, ...children], 8_000)).toEqual([]);
    expect(processesMarked(run.configDir)).toEqual([]);
    expect(run.stderr()).not.toMatch(/\n\s+at |Error/);
  });
});
