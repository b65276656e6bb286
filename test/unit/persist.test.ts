import { access, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClientSession } from '../../electron/backend/client-session';
import { MAX_RECENTS, Persistence, touchRecent, withLastFrame } from '../../electron/backend/persist';
import { withinRequest } from '../../electron/backend/request-scope';
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

describe('settings in serve mode, one set per client', () => {
  it("keeps each client's choices in its own session, never saved, over the defaults the server was started with", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-persist-'));
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ thumbnailWidth: 320 }));
    const persistence = new Persistence(dir, { perClient: true, defaults: { decode: 'software' } });
    await persistence.load();
    const a = new ClientSession();
    const b = new ClientSession();
    const asA = <T>(fn: () => T): T => withinRequest({ client: a }, fn);
    const asB = <T>(fn: () => T): T => withinRequest({ client: b }, fn);
    const chosen = {
      operatorDevice: 7,
      decode: 'nvdec',
      proof: false,
      unsafeOutput: true,
      ledger: true,
      thumbnailWidth: 128,
    } as const;
    expect(asA(() => persistence.setSettings(chosen))).toMatchObject(chosen);
    // The other client, and anything outside a request, still see the server's defaults.
    const defaults = { ...DEFAULT_SETTINGS, thumbnailWidth: 320, decode: 'software' };
    expect(asB(() => persistence.getSettings())).toEqual(defaults);
    expect(persistence.getSettings()).toEqual(defaults);
    expect(asA(() => persistence.getSettings())).toEqual({ ...defaults, ...chosen });
    // Across awaits and queued calls of the same request, too.
    expect(await asA(() => a.serial(async () => persistence.getSettings().operatorDevice))).toBe(7);
    await persistence.flush();
    expect(JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8'))).toEqual({ thumbnailWidth: 320 });
    const restarted = new Persistence(dir, { perClient: true });
    await restarted.load();
    expect(restarted.getSettings().operatorDevice).toBeNull();
    expect(a.ownSettings()).toEqual(chosen);
  });

  it('refuses what one client may not change for every client, and bad values', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-persist-'));
    const persistence = new Persistence(dir, { perClient: true });
    await persistence.load();
    const client = new ClientSession();
    expect(() => withinRequest({ client }, () => persistence.setSettings({ ffmpeg: '7.1' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() =>
      withinRequest({ client }, () =>
        persistence.setSettings({ thumbnailWidth: -1 } as unknown as { thumbnailWidth: 240 }),
      ),
    ).toThrow();
    expect(client.ownSettings()).toEqual({});
    await persistence.flush();
    await expect(access(path.join(dir, 'settings.json'))).rejects.toThrow();
  });
});
