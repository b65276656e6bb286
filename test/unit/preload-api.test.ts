/**
 * The preload's exposed API, pinned: exactly these members reach the page, each bound to its channel. Electron
 * cannot start where these tests run, so its preload modules are stood in for by recorders; the preload script is
 * the app's own.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
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
        "capturePanel": "function",
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
    await api.capturePanel?.({ x: 0, y: 0, width: 10, height: 10 });
    await api.chooseLibraryFolder?.();
    expect(invoke.mock.calls).toEqual([
      [CHANNELS.openDialog],
      [CHANNELS.saveCaptureDialog, 'clip.zci'],
      [CHANNELS.capturePanel, { x: 0, y: 0, width: 10, height: 10 }],
      [CHANNELS.chooseLibraryFolder],
    ]);
  });
});
