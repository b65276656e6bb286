import { describe, expect, it } from 'vitest';
import { ComparePool, defaultCompareJobs, MAX_COMPARE_JOBS } from '../../electron/scan/compare-pool';
import { parseScanArgs, ScanUsageError } from '../../electron/scan/scan-args';

/** A task that resolves when told, recording when it started. */
function deferred(started: string[], name: string): { task: () => Promise<string>; finish: () => void } {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe("the scan's decoder A/B pool", () => {
  it('is sized from the cores the decoders leave, at least 1 and at most the cap', () => {
    expect(defaultCompareJobs(16, 4)).toBe(12);
    expect(defaultCompareJobs(2, 4)).toBe(1);
    expect(defaultCompareJobs(4, 4)).toBe(1);
    expect(defaultCompareJobs(256, 4)).toBe(MAX_COMPARE_JOBS);
  });

  it('runs at most its size at once, the rest in the order they came, and says how many are pending', async () => {
    const pool = new ComparePool(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => deferred(started, name));
    const results = tasks.map((t) => pool.run(t.task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(pool.pending).toBe(4);
    tasks[1]?.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0]?.finish();
    tasks[2]?.finish();
    tasks[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(pool.pending).toBe(0);
  });

  it('frees the slot of a task that fails, and lets a caller wait for room', async () => {
    const pool = new ComparePool(1);
    const failed = pool.run(() => Promise.reject(new Error('no')));
    const started: string[] = [];
    const next = deferred(started, 'next');
    const after = pool.run(next.task);
    await expect(failed).rejects.toThrow('no');
    await tick();
    expect(started).toEqual(['next']);
    let roomy = false;
    const room = pool.room(1).then(() => {
      roomy = true;
    });
    await tick();
    expect(roomy).toBe(false);
    next.finish();
    await after;
    await room;
    expect(roomy).toBe(true);
    expect(() => new ComparePool(0)).toThrow(RangeError);
  });

  it('--compare-jobs takes 1 to the cap, and anything else is a usage error naming it', () => {
    expect(parseScanArgs(['x']).compareJobs).toBeNull();
    expect(parseScanArgs(['x', '--compare-jobs', '3']).compareJobs).toBe(3);
    expect(parseScanArgs(['x', '--compare-jobs', String(MAX_COMPARE_JOBS)]).compareJobs).toBe(MAX_COMPARE_JOBS);
    for (const bad of ['0', '-1', 'two', '1.5', String(MAX_COMPARE_JOBS + 1), ''])
      expect(() => parseScanArgs(['x', `--compare-jobs=${bad}`]), bad).toThrow(
        new ScanUsageError(`--compare-jobs needs a whole number from 1 to ${MAX_COMPARE_JOBS}, not "${bad}"`),
      );
    // A value that looks like an option is refused by the parser itself, still as a usage error.
    expect(() => parseScanArgs(['x', '--compare-jobs', '-1'])).toThrow(ScanUsageError);
  });
});
