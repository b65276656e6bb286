/** Writing captures: never over an existing file unless asked, never over a link, fsync'ed, leftovers removed. */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCapture } from '../../electron/capture/capture-file';
import { writeCaptureFile } from '../../electron/capture/capture-write';
import { resolveCapturePath } from '../../electron/capture/output-path';
import { recordPending, removeLeftovers } from '../../electron/capture/pending-writes';
import { sampleCapture } from '../support/captures';

async function folder(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'zci-write-'));
}

describe('writeCaptureFile', () => {
  it('keeps an existing file unless overwrite is asked, and then replaces it', async () => {
    const dir = await folder();
    const file = path.join(dir, 'c.zci');
    await writeFile(file, 'precious');
    await expect(writeCaptureFile(file, sampleCapture([0]))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `${file} exists; a capture does not replace a file unless asked to.`,
      remedy: expect.stringContaining('--overwrite'),
    });
    await expect(resolveCapturePath('c.zci', dir)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await readFile(file, 'utf8')).toBe('precious');
    expect(await resolveCapturePath('c.zci', dir, true)).toBe(file);
    await writeCaptureFile(file, sampleCapture([0]), { overwrite: true });
    expect((await readCapture(file, file)).manifest.frames.map((f) => f.index)).toEqual([0]);
    expect(await readdir(dir)).toEqual(['c.zci']);
  });

  it('never replaces a symbolic link, even with overwrite', async () => {
    const dir = await folder();
    const target = path.join(dir, 'elsewhere.txt');
    await writeFile(target, 'the link points here');
    const link = path.join(dir, 'link.zci');
    await symlink(target, link);
    for (const overwrite of [false, true]) {
      await expect(writeCaptureFile(link, sampleCapture([0]), { overwrite })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('is a symbolic link'),
      });
      await expect(resolveCapturePath('link.zci', dir, overwrite)).rejects.toThrow(/symbolic link/);
    }
    const dangling = path.join(dir, 'dangling.zci');
    await symlink(path.join(dir, 'nowhere.zci'), dangling);
    await expect(writeCaptureFile(dangling, sampleCapture([0]), { overwrite: true })).rejects.toThrow(/symbolic link/);
    expect(await readFile(target, 'utf8')).toBe('the link points here');
    expect(existsSync(path.join(dir, 'nowhere.zci'))).toBe(false);
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('records its temporary file in the config folder only while it exists', async () => {
    const dir = await folder();
    const config = path.join(dir, 'config');
    await writeCaptureFile(path.join(dir, 'c.zci'), sampleCapture([0]), { configDir: config });
    expect(await readdir(path.join(config, 'pending-captures'))).toEqual([]);
  });
});

describe('removeLeftovers', () => {
  it("removes the .partial files of writers that are gone, and nothing of live writers' or else", async () => {
    const dir = await folder();
    const config = path.join(dir, 'config');
    const dead = path.join(dir, 'a.zci.0badf00d.partial');
    const live = path.join(dir, 'b.zci.1badf00d.partial');
    const notPartial = path.join(dir, 'c.zci');
    for (const file of [dead, live, notPartial]) await writeFile(file, 'x');
    await recordPending(config, live);
    const records = path.join(config, 'pending-captures');
    await mkdir(records, { recursive: true });
    // Records left by a process that is gone (pid 2^22 + 1 is above Linux's pid_max).
    const gone = 4_194_305;
    await writeFile(path.join(records, 'x.json'), JSON.stringify({ path: dead, pid: gone, host: os.hostname() }));
    await writeFile(path.join(records, 'y.json'), JSON.stringify({ path: notPartial, pid: gone, host: os.hostname() }));
    await writeFile(path.join(records, 'z.json'), 'not json');
    expect(await removeLeftovers(config)).toEqual([dead]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live) && existsSync(notPartial)).toBe(true);
    expect((await readdir(records)).length).toBe(1);
    expect(await removeLeftovers(path.join(dir, 'no-config-yet'))).toEqual([]);
  });
});
