import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compareSources, sourceOf } from '../../renderer/src/store/source-identity';
import type { InspectorError } from '../../native/index';
import { STATE_DELAY_MS } from '../../electron/backend/client-session';
import { createAppStore } from '../../renderer/src/store/store';
import { addon } from '../support/live/addon';
import { fixture, SAMPLE } from '../support/paths';
import { killBackend, serveBuilt, until, type Served } from '../support/live/served-client';
import { servedSuite } from './served-suite';

// 642x362 H.264, 36 frames at 24 fps; the addon opens it in a few milliseconds.
const CLIP = fixture('h264-odd-642x362.mp4');

describe.skipIf(!serveBuilt)('the store over serve mode (needs npm run build)', () => {
  const serve = servedSuite();
  const ownServer = serve.ownServer;

  /** A new client (each connection is one) of the shared server or of another. */
  async function client(to?: Served) {
    return (await serve.connect(to)).client;
  }

  describe('session slice', () => {
    it('opens the bundled sample on first start and shows its first frame', async () => {
      const store = createAppStore(await client(await ownServer()));
      await store.getState().init();
      expect(store.getState().file).toBe(SAMPLE);
      expect(store.getState().report?.frameIndex).toBe(0);
      expect(store.getState().thumbnails.map((thumb) => thumb.name)).toEqual(['Y', 'U', 'V']);
    });

    it('does not open the sample when there are recent files', async () => {
      const fresh = await ownServer();
      await (await client(fresh)).call('open', { path: CLIP });
      const store = createAppStore(await client(fresh));
      await store.getState().init();
      expect(store.getState().file).toBeNull();
      expect(store.getState().recents.map((recent) => recent.path)).toEqual([CLIP]);
    });

    it('shows the code, message and remedy when opening fails, and stays usable', async () => {
      const audio = fixture('audio-only.m4a');
      const refused = (await addon.Session.open(audio).catch((error: unknown) => error)) as InspectorError;
      const store = createAppStore(await client());
      expect(await store.getState().openFile(audio)).toBe(false);
      expect(store.getState().error).toEqual({
        code: 'NO_VIDEO_STREAM',
        message: refused.message,
        remedy: refused.remedy,
      });
      expect(store.getState().opening).toBe(false);
      store.getState().dismissError();
      expect(store.getState().error).toBeNull();
      expect(await store.getState().openFile(CLIP)).toBe(true);
      expect(store.getState().report?.frameIndex).toBe(0);
    });

    it('offers to reopen the last file at the last frame after a restart', async () => {
      const rpc = await client(await ownServer());
      const store = createAppStore(rpc);
      await store.getState().openFile(CLIP);
      await store.getState().goToFrame(17);
      // The backend tells its parent of frame steps at most once per interval: let the last one through.
      await new Promise((resolve) => setTimeout(resolve, STATE_DELAY_MS + 100));
      await killBackend(rpc);
      await until(() => store.getState().restart !== null, 'the restart notice');
      expect(store.getState().restart).toMatchObject({ signal: 'SIGKILL', lastFile: CLIP, lastFrame: 17 });
      expect(store.getState().file).toBeNull();
      expect(store.getState().report).toBeNull();
      await store.getState().reopenAfterRestart();
      expect(store.getState().restart).toBeNull();
      expect(store.getState().file).toBe(CLIP);
      expect(store.getState().report?.frameIndex).toBe(17);
    });
  });

  describe('frame slice', () => {
    it('steps and jumps by frame and by time', async () => {
      const store = createAppStore(await client());
      await store.getState().openFile(CLIP);
      await store.getState().step(1);
      expect(store.getState().report?.frameIndex).toBe(1);
      await store.getState().goToFrame(1000);
      expect(store.getState().report?.frameIndex).toBe(35);
      await store.getState().goToTime(0.5);
      expect(store.getState().report?.frameIndex).toBe(12);
    });

    it('shows answers as they arrive, and sends only the newest of the requests waiting behind one', async () => {
      const store = createAppStore(await client());
      await store.getState().openFile(CLIP);
      const shown: number[] = [];
      store.subscribe((state, before) => {
        if (state.report !== before.report && state.report !== null) shown.push(state.report.frameIndex);
      });
      // 1 leaves at once; 2 and 3 wait behind it, and 3 takes 2's place before it is sent.
      const requests = [1, 2, 3].map((index) => store.getState().goToFrame(index));
      expect(store.getState().targetFrame).toBe(3);
      await Promise.all(requests);
      expect(shown).toEqual([1, 3]);
      expect(store.getState().report?.frameIndex).toBe(3);
      expect(store.getState().loadingFrame).toBe(false);
    });

    it('counts steps from the frame asked for last, so a held key moves on before the answers arrive', async () => {
      const store = createAppStore(await client());
      await store.getState().openFile(CLIP);
      const steps = [1, 1, 1, 1].map(() => store.getState().step(1));
      expect(store.getState().targetFrame).toBe(4);
      await Promise.all(steps);
      expect(store.getState().report?.frameIndex).toBe(4);
      await store.getState().step(-10);
      expect(store.getState().report?.frameIndex).toBe(0);
    });

    it('brings the thumbnails and the operator preview back with the frame, in one request', async () => {
      const rpc = await client();
      const store = createAppStore(rpc);
      await store.getState().openFile(CLIP);
      const calls: string[] = [];
      const call = rpc.call.bind(rpc);
      rpc.call = ((method: never, params: never) => {
        calls.push(method);
        return call(method, params);
      }) as typeof rpc.call;
      await store.getState().step(1);
      expect(calls).toEqual(['show']);
      const state = store.getState();
      expect(state.report?.frameIndex).toBe(1);
      expect(state.thumbnails.map((thumb) => thumb.name)).toEqual(['Y', 'U', 'V']);
      expect(state.previewFor).toBe(state.report);
      expect(state.preview).not.toBeNull();
    });
  });

  describe('ui and env slices', () => {
    it('track progress, help and theme', async () => {
      const rpc = await client();
      const store = createAppStore(rpc);
      const stages: string[] = [];
      store.subscribe((state, before) => {
        if (state.progress !== before.progress) stages.push(state.progress?.stage ?? 'none');
      });
      await store.getState().openFile(CLIP);
      // Opening reports progress; showing its first frame is one quick request and reports none.
      expect(stages).toEqual(['opening', 'none']);
      expect(store.getState().progress).toBeNull();
      store.getState().toggleHelp();
      expect(store.getState().helpOpen).toBe(true);
      await store.getState().loadSettings();
      const theme = store.getState().settings.theme;
      const other = theme === 'dark' ? 'light' : 'dark';
      await store.getState().toggleTheme();
      expect(store.getState().settings.theme).toBe(other);
      expect((await rpc.call('getSettings', {})).theme).toBe(other);
    });
  });

  describe('A/B slice', () => {
    it("takes the live file's SHA-256 from the backend, and gives it to the side pinned from that open", async () => {
      const store = createAppStore(await client());
      expect(await store.getState().openFile(CLIP)).toBe(true);
      store.getState().pinShown();
      await until(() => store.getState().liveHash?.state === 'hashed', 'the live hash');
      const expected = createHash('sha256')
        .update(await readFile(CLIP))
        .digest('hex');
      expect(store.getState().liveHash).toMatchObject({ state: 'hashed', file: CLIP, sha256: expected });
      expect(store.getState().pinned?.source).toMatchObject({ path: CLIP, sha256: expected });
      // A second open of the same file is hashed again, and is the same file by its bytes.
      expect(await store.getState().openFile(CLIP)).toBe(true);
      await until(() => store.getState().liveHash?.state === 'hashed', 'the second live hash');
      const { pinned, capture, file, liveHash } = store.getState();
      expect(compareSources(pinned!.source, sourceOf(capture, file, liveHash)).kind).toBe('same');
    });
  });
});
