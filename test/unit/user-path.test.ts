import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveUserPath } from '../../electron/app/user-path';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zci-user-path-'));
  await writeFile(path.join(dir, 'clip.mp4'), 'x');
  // A name that is not UTF-8: "clip" then the byte 0xff, as old Latin-1 file systems leave them.
  await writeFile(Buffer.concat([Buffer.from(`${dir}/clip`), Buffer.from([0xff]), Buffer.from('.mp4')]), 'x');
  execFileSync('mkfifo', [path.join(dir, 'pipe.mp4')]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveUserPath', () => {
  it('resolves an existing regular file against the folder given', async () => {
    expect(await resolveUserPath('clip.mp4', dir)).toBe(path.join(dir, 'clip.mp4'));
  });

  it('names each refusal by its code', async () => {
    await expect(resolveUserPath('missing.mp4', dir)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    await expect(resolveUserPath('pipe.mp4', dir)).rejects.toMatchObject({ code: 'NOT_A_REGULAR_FILE' });
    await expect(resolveUserPath('/dev/null', dir)).rejects.toMatchObject({ code: 'NOT_A_REGULAR_FILE' });
    await expect(resolveUserPath(dir, dir)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(resolveUserPath('a\u0000b', dir)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('says so when the file exists under a name that is not UTF-8', async () => {
    await expect(resolveUserPath('clip\uFFFD.mp4', dir)).rejects.toMatchObject({
      code: 'PATH_NOT_UTF8',
      message: expect.stringMatching(/not valid UTF-8/) as unknown,
    });
    // A replacement character in a name that does exist as UTF-8 text is just a missing file.
    await expect(resolveUserPath('other\uFFFD.mp4', dir)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
  });
});
