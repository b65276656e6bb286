/** The serve-mode token file: mode 0600, and a symbolic link at its path is refused, never followed. */
import { lstat, mkdir, mkdtemp, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TokenFileError, writeTokenFile } from '../../electron/serve/token';

const folder = (): Promise<string> => mkdtemp(path.join(os.tmpdir(), 'zci-token-'));

describe('writeTokenFile', () => {
  it('writes the token and URL with mode 0600, and replaces a regular file of the same name', async () => {
    const dir = await folder();
    const file = path.join(dir, 'sub', 'serve-token');
    await writeTokenFile(file, 'first', 'http://127.0.0.1:1/?token=first');
    await writeTokenFile(file, 'second', 'http://127.0.0.1:1/?token=second');
    expect(await readFile(file, 'utf8')).toBe('second\nhttp://127.0.0.1:1/?token=second\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('refuses a symbolic link, to a file or dangling, and leaves both the link and its target as they were', async () => {
    const dir = await folder();
    const target = path.join(dir, 'victim.txt');
    await writeFile(target, 'precious\n');
    const link = path.join(dir, 'token-link');
    await symlink(target, link);
    const refused = writeTokenFile(link, 'secret', 'http://127.0.0.1:1/');
    await expect(refused).rejects.toBeInstanceOf(TokenFileError);
    await expect(refused).rejects.toMatchObject({ code: 'NOT_A_REGULAR_FILE', message: /a symbolic link/ });
    expect(await readFile(target, 'utf8')).toBe('precious\n');
    expect(await readlink(link)).toBe(target);
    const dangling = path.join(dir, 'dangling');
    await symlink(path.join(dir, 'would-be-created'), dangling);
    await expect(writeTokenFile(dangling, 'secret', 'u')).rejects.toMatchObject({ code: 'NOT_A_REGULAR_FILE' });
    await expect(lstat(path.join(dir, 'would-be-created'))).rejects.toMatchObject({ code: 'ENOENT' });
    const sub = path.join(dir, 'a-folder');
    await mkdir(sub);
    await expect(writeTokenFile(sub, 'secret', 'u')).rejects.toMatchObject({ message: /not a regular file/ });
  });
});
