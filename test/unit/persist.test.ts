import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RECENTS, Persistence, touchRecent, withLastFrame } from '../../electron/backend/persist';
import { DEFAULT_SETTINGS } from '../../contract/settings';

describe('recent files', () => {
  it('moves a reopened file to the front and keeps at most MAX_RECENTS', () => {
    let list = touchRecent([], '/a', new Date(0), null);
    list = touchRecent(list, '/b', new Date(1), null);
    list = touchRecent(list, '/a', new Date(2), 5);
    expect(list.map((entry) => entry.path)).toEqual(['/a', '/b']);
    for (let i = 0; i < 20; i += 1) list = touchRecent(list, `/f${i}`, new Date(i), null);
    expect(list).toHaveLength(MAX_RECENTS);
    expect(withLastFrame(list, '/f19', 7)[0]?.lastFrame).toBe(7);
  });
});

describe('Persistence', () => {
  it('saves settings and recents and reads them back', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-persist-'));
    const first = new Persistence(dir);
    await first.load();
    expect(first.getSettings()).toEqual(DEFAULT_SETTINGS);
    first.setSettings({ theme: 'light' });
    first.opened('/videos/a.mp4');
    first.viewed('/videos/a.mp4', 9);
    await first.flush();
    expect((await stat(path.join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
    const second = new Persistence(dir);
    await second.load();
    expect(second.getSettings().theme).toBe('light');
    expect(second.listRecent()).toMatchObject([{ path: '/videos/a.mp4', lastFrame: 9 }]);
  });

  it('falls back to defaults when a file is damaged', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-persist-'));
    await writeFile(path.join(dir, 'settings.json'), '{ not json');
    await writeFile(path.join(dir, 'recents.json'), JSON.stringify([{ path: 3 }]));
    const persistence = new Persistence(dir);
    await persistence.load();
    expect(persistence.getSettings()).toEqual(DEFAULT_SETTINGS);
    expect(persistence.listRecent()).toEqual([]);
    expect(JSON.parse(await readFile(path.join(dir, 'recents.json'), 'utf8'))).toEqual([{ path: 3 }]);
  });
});
