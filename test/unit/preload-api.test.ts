/**
 * The preload's exposed API, pinned: exactly these members reach the page, each bound to its channel. Electron
 * cannot start where these tests run, so its preload modules are stood in for by recorders; the preload script is
 * the app's own.
 */
import { beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { InspectorBridge } from '../../contract/bridge';
import { CHANNELS } from '../../contract/ipc-channels';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async (..._args: unknown[]) => null);
const send = vi.fn();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke, send, on: vi.fn() },
  webUtils: { getPathForFile: () => '/dropped/file.mp4' },
}));

beforeAll(async () => {
  await import('../../electron/preload/index');
});

describe('the preload', () => {
  it('exposes one object, window.inspector, with exactly these members', () => {
    expect(Object.keys(exposed)).toEqual(['inspector']);
    const api = exposed.inspector as Record<string, unknown>;
    expect(Object.fromEntries(Object.entries(api).map(([k, v]) => [k, typeof v]))).toMatchInlineSnapshot(`
      {
        "chooseLibraryFolder": "function",
        "connect": "function",
        "openFileDialog": "function",
        "pathForFile": "function",
        "platform": "string",
        "saveCaptureDialog": "function",
      }
    `);
  });

  it('binds each member to its channel and nothing else', async () => {
    const api = exposed.inspector as Record<string, (...args: unknown[]) => unknown>;
    api.connect?.();
    expect(send).toHaveBeenCalledWith(CHANNELS.connect);
    await api.openFileDialog?.();
    await api.saveCaptureDialog?.('clip.zci');
    await api.chooseLibraryFolder?.();
    expect(invoke.mock.calls).toEqual([
      [CHANNELS.openDialog],
      [CHANNELS.saveCaptureDialog, 'clip.zci'],
      [CHANNELS.chooseLibraryFolder],
    ]);
  });
});

describe('panel pictures', () => {
  it('are made in the page alone: no bridge member or channel asks the main process for a picture of the window', () => {
    const api = exposed.inspector as Record<string, unknown>;
    expect(Object.keys(api).filter((key) => /capture(?!Dialog)|picture|png/i.test(key))).toEqual([]);
    expect(Object.values(CHANNELS).filter((name) => name.startsWith('panel:'))).toEqual([]);
    expectTypeOf<InspectorBridge>().not.toHaveProperty('capturePanel');
  });
});
