import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathPolicy, realPathOf } from '../../electron/app/path-policy';

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'zci-paths-'));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'clips'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'clips', 'a.mp4'), 'x');
  await writeFile(path.join(outside, 'secret.mp4'), 'x');
  await symlink(path.join(outside, 'secret.mp4'), path.join(root, 'clips', 'link.mp4'));
  await symlink(outside, path.join(root, 'door'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const refusal = { code: 'PATH_OUTSIDE_ROOT' };

describe('a serve root', () => {
  it('reaches files below it, existing or to be written', async () => {
    const policy = PathPolicy.root(root);
    await expect(policy.check('clips/a.mp4', root)).resolves.toBeUndefined();
    await expect(policy.check(path.join(root, 'clips', 'new.zci'), '/')).resolves.toBeUndefined();
    await expect(policy.check('not/yet/there.zci', root)).resolves.toBeUndefined();
  });

  it('refuses what lies outside the same way, whether it exists or not', async () => {
    const policy = PathPolicy.root(root);
    const existing = await policy.check(path.join(outside, 'secret.mp4'), root).catch((e: unknown) => e);
    const missing = await policy.check(path.join(outside, 'nothing.mp4'), root).catch((e: unknown) => e);
    expect(existing).toMatchObject(refusal);
    expect(missing).toMatchObject(refusal);
    await expect(policy.check('../outside/secret.mp4', root)).rejects.toMatchObject(refusal);
    await expect(policy.check('/etc/hostname', root)).rejects.toMatchObject(refusal);
    await expect(policy.check(`${root}-sibling/x.mp4`, root)).rejects.toMatchObject(refusal);
  });

  it('follows links to where they lead', async () => {
    const policy = PathPolicy.root(root);
    await expect(policy.check('clips/link.mp4', root)).rejects.toMatchObject(refusal);
    await expect(policy.check('door/secret.mp4', root)).rejects.toMatchObject(refusal);
    await expect(policy.check('door/new.zci', root)).rejects.toMatchObject(refusal);
  });
});

describe('the desktop reach', () => {
  it('is only what was chosen', async () => {
    const policy = PathPolicy.chosen();
    await expect(policy.check(path.join(root, 'clips', 'a.mp4'), '/')).rejects.toMatchObject(refusal);
    await policy.allowFile(path.join(root, 'clips', 'a.mp4'));
    await expect(policy.check(path.join(root, 'clips', 'a.mp4'), '/')).resolves.toBeUndefined();
    await expect(policy.check(path.join(root, 'clips', 'other.mp4'), '/')).rejects.toMatchObject(refusal);
    await policy.allowFolder(outside);
    await expect(policy.check(path.join(outside, 'secret.mp4'), '/')).resolves.toBeUndefined();
    await policy.allowFile(path.join(base, 'save-here.zci'));
    await expect(policy.check(path.join(base, 'save-here.zci'), '/')).resolves.toBeUndefined();
  });

  it('resolves the real path of a file that does not exist yet through its folder', async () => {
    expect(await realPathOf(path.join(root, 'door', 'x', 'y.zci'))).toBe(path.join(outside, 'x', 'y.zci'));
  });
});
