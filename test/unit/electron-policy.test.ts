import { describe, expect, it } from 'vitest';
import { chooseFrontEnd, electronFailedToStart } from '../../electron/launcher/choose';
import { appPaths } from '../../electron/main/app-paths';
import { navigationAllowed, permissionAllowed, senderAllowed } from '../../electron/main/navigation';
import { windowOptions } from '../../electron/main/window-options';
import { addonLoaderPath } from '../../electron/addon/addon-path';
import { appRootFrom } from '../../electron/app/app-root';

describe('window options', () => {
  it('isolate and sandbox the renderer', () => {
    const prefs = windowOptions('/app/out/preload/index.cjs', true).webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('fit a 1280x800 screen', () => {
    const options = windowOptions('/p', false);
    expect(options.width).toBeLessThanOrEqual(1280);
    expect(options.height).toBeLessThanOrEqual(800);
  });
});

describe('navigation and senders', () => {
  const app = 'file:///app/out/renderer/index.html';
  it('allow only the app page', () => {
    expect(navigationAllowed(`${app}#x`, app)).toBe(true);
    expect(navigationAllowed('https://example.com/', app)).toBe(false);
    expect(navigationAllowed('file:///etc/passwd', app)).toBe(false);
    expect(navigationAllowed('not a url', app)).toBe(false);
    expect(senderAllowed(app, app)).toBe(true);
    expect(senderAllowed(undefined, app)).toBe(false);
    expect(senderAllowed('https://example.com/', app)).toBe(false);
  });

  it('deny every permission', () => {
    for (const name of ['media', 'notifications', 'geolocation', 'clipboard-read'])
      expect(permissionAllowed(name)).toBe(false);
  });
});

describe('paths', () => {
  it('point into out/ and take the sample from resources when packaged', () => {
    expect(appPaths('/app', false, '/res')).toEqual({
      preload: '/app/out/preload/index.cjs',
      rendererDir: '/app/out/renderer',
      rendererUrl: 'zci-app://renderer/index.html',
      backendEntry: '/app/out/backend/index.js',
      samplePath: '/app/assets/sample.mp4',
    });
    expect(appPaths('/res/app.asar', true, '/res').samplePath).toBe('/res/assets/sample.mp4');
    expect(appRootFrom('/app/out/backend')).toBe('/app');
    expect(addonLoaderPath('/app')).toBe('/app/native/index.cjs');
  });
});

describe('npm start', () => {
  const electron = { binary: '/e/electron', exists: true };
  it('runs Electron where it can start', () => {
    expect(chooseFrontEnd({ platform: 'linux', env: { DISPLAY: ':0' }, electron })).toEqual({
      kind: 'electron',
      binary: '/e/electron',
    });
    expect(chooseFrontEnd({ platform: 'darwin', env: {}, electron }).kind).toBe('electron');
  });

  it('falls back to serve mode without a display, a binary or Electron itself', () => {
    expect(chooseFrontEnd({ platform: 'linux', env: {}, electron }).kind).toBe('serve');
    expect(
      chooseFrontEnd({ platform: 'linux', env: { DISPLAY: ':0' }, electron: { binary: '/e', exists: false } }).kind,
    ).toBe('serve');
    expect(
      chooseFrontEnd({ platform: 'linux', env: { DISPLAY: ':0' }, electron: { error: 'not installed' } }).kind,
    ).toBe('serve');
    expect(chooseFrontEnd({ platform: 'linux', env: { DISPLAY: ':0', ZCI_SERVE: '1' }, electron }).kind).toBe('serve');
  });

  it('treats a quick failed exit as a failure to start', () => {
    expect(electronFailedToStart(1, 300)).toBe(true);
    expect(electronFailedToStart(0, 300)).toBe(false);
    expect(electronFailedToStart(1, 60_000)).toBe(false);
  });
});
