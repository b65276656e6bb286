/**
 * The main process's live wiring, driven with events from foreign frames. Electron itself cannot start where these
 * tests run, so each handler is attached to an EventEmitter standing in for WebContents and Session: the handlers
 * are the app's own, only the emitter is a stand-in.
 */
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy } from '../../contract/csp';
import { APP_URL, appResponse } from '../../electron/main/app-protocol';
import { SECURITY_HEADERS } from '../../electron/serve/server';
import { fromAppPage, guarded } from '../../electron/main/navigation';
import { windowOptions } from '../../electron/main/window-options';
import { wireContents, wireSession, type WiredContents } from '../../electron/main/wire-window';
import { ROOT } from '../support/paths';

const FOREIGN = ['https://evil.example/', 'file:///etc/passwd', 'zci-app://other/index.html', 'javascript:alert(1)'];

/** An EventEmitter with WebContents' on() and setWindowOpenHandler(). */
class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler;
  }
}

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

describe('window wiring', () => {
  const contents = new FakeContents();
  wireContents(contents as unknown as WiredContents, APP_URL);

  it('keeps every frame on the app page, for navigations and redirects', () => {
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      for (const url of FOREIGN) {
        const event = navigationEvent(url);
        contents.emit(name, event, url);
        expect(event.preventDefault, `${name} ${url}`).toHaveBeenCalled();
      }
      const own = navigationEvent(`${APP_URL}#frame-3`);
      contents.emit(name, own, own.url);
      expect(own.preventDefault).not.toHaveBeenCalled();
    }
  });

  it('opens no window and attaches no webview', () => {
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: APP_URL })).toEqual({ action: 'deny' });
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('grants no permission, whatever frame asks', () => {
    const handlers: {
      request?: (c: unknown, p: string, cb: (ok: boolean) => void) => void;
      check?: (c: unknown, p: string) => boolean;
    } = {};
    wireSession({
      setPermissionRequestHandler: (h) => (handlers.request = h as typeof handlers.request),
      setPermissionCheckHandler: (h) => (handlers.check = h as typeof handlers.check),
    } as Parameters<typeof wireSession>[0]);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'fileSystem']) {
      const callback = vi.fn();
      handlers.request?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(handlers.check?.({}, permission)).toBe(false);
    }
  });
});

describe('IPC from the page', () => {
  const top = (url: string) => ({ senderFrame: { url, parent: null } });
  it('answers only the app page in a top frame', async () => {
    const handler = vi.fn(async () => 'chosen');
    const listener = guarded(APP_URL, () => null, handler);
    expect(await listener(top(APP_URL))).toBe('chosen');
    for (const url of FOREIGN) expect(await listener(top(url))).toBeNull();
    // The app's own URL inside a subframe is not the app page.
    expect(await listener({ senderFrame: { url: APP_URL, parent: {} } })).toBeNull();
    expect(await listener({ senderFrame: null })).toBeNull();
    expect(await listener({})).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fromAppPage(top(`${APP_URL}?x=1#y`), APP_URL)).toBe(true);
  });
});

describe("the app's own scheme", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-scheme-'));
    await mkdir(path.join(dir, 'renderer', 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html>');
    await writeFile(path.join(dir, 'renderer', 'assets', 'app.js'), 'void 0;');
    await writeFile(path.join(dir, 'secret.txt'), 'secret');
    await symlink(path.join(dir, 'secret.txt'), path.join(dir, 'renderer', 'assets', 'planted.js'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the renderer's files with the policy, and nothing else", async () => {
    const root = path.join(dir, 'renderer');
    const page = await appResponse(root, APP_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await appResponse(root, 'zci-app://renderer/assets/app.js')).status).toBe(200);
    for (const url of [
      'zci-app://renderer/assets/planted.js',
      'zci-app://renderer/../secret.txt',
      'zci-app://renderer/%2e%2e/secret.txt',
      'zci-app://renderer/assets/missing.js',
      'zci-app://other/index.html',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect((await appResponse(root, url)).status, url).toBe(404);
    }
  });
});

/** One directive's sources from a policy, sorted; null when the policy has no such directive. */
function directive(policy: string, name: string): string[] | null {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found === undefined ? null : found.slice(1).sort();
}

describe('the picture policy', () => {
  it('lets the window, serve mode and the page itself draw data: and blob: images, with one img-src', async () => {
    const page = await appResponse(path.join(ROOT, 'renderer'), APP_URL);
    const inWindow = directive(page.headers.get('content-security-policy') ?? '', 'img-src');
    const served = directive(SECURITY_HEADERS['content-security-policy'], 'img-src');
    const html = await readFile(path.join(ROOT, 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    // Panel exports draw an SVG foreignObject from a data: URL and canvases inlined as data: images.
    expect(inWindow).toEqual(["'self'", 'blob:', 'data:']);
    expect(served).toEqual(inWindow);
    expect(directive(meta, 'img-src')).toEqual(inWindow);
  });
});

describe('window and page settings', () => {
  it('turn on no experimental or extra Blink features', () => {
    const prefs = windowOptions('/p', true).webPreferences ?? {};
    expect(prefs.experimentalFeatures ?? false).toBe(false);
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect('disableBlinkFeatures' in prefs).toBe(false);
  });

  it("the page's CSP meta tag is the policy serve mode and the app scheme send", async () => {
    const html = await readFile(path.join(ROOT, 'renderer', 'index.html'), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(contentSecurityPolicy());
  });

  it('packaging flips the fuses that let code in', async () => {
    const yml = await readFile(path.join(ROOT, 'electron-builder.yml'), 'utf8');
    const block = /^electronFuses:\n((?: {2}\S.*\n)+)/m.exec(yml)?.[1] ?? '';
    const fuses = Object.fromEntries(
      block
        .trim()
        .split('\n')
        .map((line) => line.trim().split(/:\s*/) as [string, string]),
    );
    expect(fuses).toMatchObject({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      onlyLoadAppFromAsar: 'true',
      enableEmbeddedAsarIntegrityValidation: 'true',
      grantFileProtocolExtraPrivileges: 'false',
    });
  });
});
