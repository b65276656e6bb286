import { link, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoolDown } from '../../electron/serve/cool-down';

let dir: string;
let now: number;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-cool-'));
  now = 1_000_000;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the files refused after driving the backend past its memory limit', () => {
  it('refuses a file by what it is, under any name, until its time is up', async () => {
    const file = path.join(dir, 'heavy.mp4');
    await writeFile(file, 'x');
    await symlink(file, path.join(dir, 'alias.mp4'));
    await link(file, path.join(dir, 'hard.mp4'));
    await writeFile(path.join(dir, 'other.mp4'), 'y');
    const cool = new CoolDown(dir, 60_000, () => now);
    expect(cool.remaining('heavy.mp4')).toBeNull();
    cool.refuse(file);
    for (const name of ['heavy.mp4', './heavy.mp4', 'alias.mp4', 'hard.mp4', file])
      expect(cool.remaining(name)).toBe(60_000);
    expect(cool.remaining('other.mp4')).toBeNull();
    now += 59_000;
    expect(cool.remaining('alias.mp4')).toBe(1_000);
    expect(cool.refusal('alias.mp4', 1_000)).toMatchObject({
      code: 'MEMORY_BUDGET_EXCEEDED',
      message: expect.stringContaining('another 1 s'),
      remedy: expect.stringContaining('--memory-budget'),
    });
    now += 1_000;
    expect(cool.remaining('heavy.mp4')).toBeNull();
  });

  it('refuses a file that cannot be read by its path', () => {
    const cool = new CoolDown(dir, 60_000, () => now);
    cool.refuse('gone.mp4');
    expect(cool.remaining(path.join(dir, 'gone.mp4'))).toBe(60_000);
  });
});
