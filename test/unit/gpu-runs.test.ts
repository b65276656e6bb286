/**
 * "The newest recorded GPU run" is the one that recorded last (reports.json's `date`), not the last folder name: a
 * folder is named by day and commit, and within a day commit hashes sort in no order of time.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GPU_RUNS, newestRun, recordedAt, recordedRuns } from '../support/gpu-runs';
import { ROOT } from '../support/paths';

/** Two real runs of one day whose names sort opposite to the times they recorded. */
function discordantPair(): { earlier: string; later: string } {
  const runs = recordedRuns();
  for (const later of runs)
    for (const earlier of runs)
      if (earlier.recordedAt < later.recordedAt && earlier.name > later.name)
        return { earlier: earlier.name, later: later.name };
  throw new Error('no two recorded runs whose names sort against their times');
}

let scratch: string | null = null;
afterEach(() => {
  if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

describe('recorded GPU runs', () => {
  it('every run folder records its time, and the list is in the order of those times', () => {
    const folders = readdirSync(GPU_RUNS);
    const runs = recordedRuns();
    expect(runs.map((run) => run.name).sort()).toEqual([...folders].sort());
    for (const run of runs) expect(run.recordedAt).toBe(recordedAt(run.dir));
    for (let i = 1; i < runs.length; i += 1)
      expect(runs[i]!.recordedAt).toBeGreaterThanOrEqual(runs[i - 1]!.recordedAt);
  });

  it('picks the run that recorded last when the folder names sort the other way (two real runs’ metadata)', () => {
    const { earlier, later } = discordantPair();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'zci-runs-'));
    for (const name of [earlier, later]) {
      mkdirSync(path.join(scratch, name));
      copyFileSync(path.join(GPU_RUNS, name, 'reports.json'), path.join(scratch, name, 'reports.json'));
    }
    // The folder names alone would pick the earlier run.
    expect(readdirSync(scratch).sort().at(-1)).toBe(earlier);
    expect(newestRun([], scratch).name).toBe(later);
    expect(recordedRuns([], scratch).map((run) => run.name)).toEqual([earlier, later]);
  });

  it('leaves out runs without the files asked for, and runs that recorded no time', () => {
    const { earlier, later } = discordantPair();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'zci-runs-'));
    mkdirSync(path.join(scratch, earlier));
    copyFileSync(path.join(GPU_RUNS, earlier, 'reports.json'), path.join(scratch, earlier, 'reports.json'));
    mkdirSync(path.join(scratch, later));
    copyFileSync(path.join(GPU_RUNS, later, 'run.log'), path.join(scratch, later, 'run.log'));
    expect(newestRun([], scratch).name).toBe(earlier);
    expect(() => newestRun(['memcheck.log'], scratch!)).toThrow(/no recorded GPU run holds memcheck\.log/);
  });

  it('the evidence’s memcheck section comes from the run with a memcheck pass that recorded last', () => {
    const evidence = readFileSync(path.join(ROOT, 'docs', 'gpu-evidence.md'), 'utf8');
    const run = /write-evidence\.mjs docs\/gpu-runs\/([\w.-]+)/.exec(evidence)?.[1];
    expect(run).toBeDefined();
    if (readdirSync(path.join(GPU_RUNS, run!)).includes('memcheck.log')) {
      expect(evidence).not.toContain('This run had no memcheck pass');
      return;
    }
    const newest = newestRun(['memcheck.log', 'run.log']);
    expect(evidence).toContain(
      `(\`docs/gpu-runs/${newest.name}/memcheck.log\`), the newest recorded (by the time it recorded, ${new Date(newest.recordedAt).toISOString()})`,
    );
  });
});
