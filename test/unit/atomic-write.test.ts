/**
 * The app's one atomic write (electron/app/atomic-write.ts): a file is linked into place or renamed over its target
 * whole, a taken name is refused unless replacing, a link is replaced and never followed, the mode is as asked, and
 * no temporary file is left, whatever happens.
 */
import { mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PARTIAL_SUFFIX, temporaryPath, writeFileAtomically } from '../../electron/app/atomic-write';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const names = async (): Promise<string[]> => (await readdir(dir)).sort();

describe('writeFileAtomically', () => {
  it('links a new file into place whole, and refuses a taken name without touching it', async () => {
    const file = path.join(dir, 'a.bin');
    await writeFileAtomically(file, new Uint8Array([1, 2, 3]), { replace: false });
    expect([...(await readFile(file))]).toEqual([1, 2, 3]);
    await expect(writeFileAtomically(file, 'other', { replace: false })).rejects.toMatchObject({ code: 'EEXIST' });
    expect([...(await readFile(file))]).toEqual([1, 2, 3]);
    expect(await names()).toEqual(['a.bin']);
  });

  it('asks the check when the name was taken, so the caller throws its own error', async () => {
    const file = path.join(dir, 'a.bin');
    await writeFile(file, 'old');
    const mine = new Error('taken: pick another name');
    const write = writeFileAtomically(file, 'new', {
      replace: false,
      check: () => Promise.reject(mine),
    });
    await expect(write).rejects.toBe(mine);
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await names()).toEqual(['a.bin']);
  });

  it('renames over the old file when replacing, after the check', async () => {
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'old');
    const seen: string[] = [];
    await writeFileAtomically(file, 'new', {
      replace: true,
      check: async () => {
        seen.push(await readFile(file, 'utf8'));
      },
    });
    expect(seen).toEqual(['old']);
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(await names()).toEqual(['a.txt']);
  });

  it('replaces a symbolic link itself, never what it points to', async () => {
    const target = path.join(dir, 'target.txt');
    const file = path.join(dir, 'link.txt');
    await writeFile(target, 'kept');
    await symlink(target, file);
    await writeFileAtomically(file, 'new', { replace: true });
    expect(await readFile(target, 'utf8')).toBe('kept');
    expect(await readFile(file, 'utf8')).toBe('new');
  });

  it('sets the mode exactly when asked, whatever the umask', async () => {
    const file = path.join(dir, 'secret');
    const before = process.umask(0o277);
    try {
      await writeFileAtomically(file, 'x', { replace: true, mode: 0o600, exactMode: true });
    } finally {
      process.umask(before);
    }
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('leaves no temporary file when the write fails, and refuses a temporary path that exists, leaving it', async () => {
    const file = path.join(dir, 'missing-folder', 'a.bin');
    await expect(writeFileAtomically(file, 'x', { replace: true })).rejects.toMatchObject({ code: 'ENOENT' });
    const taken = path.join(dir, `b.bin.0000${PARTIAL_SUFFIX}`);
    await writeFile(taken, 'someone else’s');
    await expect(
      writeFileAtomically(path.join(dir, 'b.bin'), 'x', { replace: true, temporary: taken }),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await names()).toEqual([path.basename(taken)]);
    expect(await readFile(taken, 'utf8')).toBe('someone else’s');
  });

  it('names its temporary file beside the target, ending in the suffix the clean-up removes', () => {
    const temporary = temporaryPath('/data/run.zci');
    expect(temporary).toMatch(/^\/data\/run\.zci\.[0-9a-f]{8}\.partial$/);
    expect(temporary.endsWith(PARTIAL_SUFFIX)).toBe(true);
  });
});
