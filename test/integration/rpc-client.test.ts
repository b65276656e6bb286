import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '../../contract/contract';
import { RpcFailure } from '../../contract/envelope';
import { describeExit } from '../../electron/supervisor/policy';
import type { InspectorError } from '../../native/index';
import { addon } from '../support/live/addon';
import { fixture, SAMPLE } from '../support/paths';
import { killBackend, serveBuilt, until } from '../support/live/served-client';
import { servedSuite } from './served-suite';

// 1920x1080 H.264, 48 frames: a capture of all of them keeps the backend busy for a while.
const CLIP = fixture('h264-1080p-420.mp4');

/** Settles to 'resolved' or 'rejected', or 'pending' when the promise has not settled by the next turn. */
async function state(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  const marker = new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0));
  return Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    marker,
  ]);
}

describe.skipIf(!serveBuilt)('RpcClient over serve mode (needs npm run build)', () => {
  const serve = servedSuite();
  const connected = serve.connect;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zci-rpc-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('matches responses to calls by id', async () => {
    const { client } = await connected();
    const settled: string[] = [];
    // Decoding the sample's last frame takes a while; samplePath is answered at once, overtaking both.
    const opened = client.call('open', { path: SAMPLE }).finally(() => settled.push('open'));
    const last = client.call('show', { target: { index: 95 } }).finally(() => settled.push('frame'));
    const sample = client.call('samplePath', {}).finally(() => settled.push('samplePath'));
    await expect(opened).resolves.toMatchObject({ info: { path: SAMPLE, frameCount: 96 } });
    await expect(last).resolves.toMatchObject({ report: { frameIndex: 95 } });
    await expect(sample).resolves.toEqual({ path: SAMPLE });
    expect(settled).toEqual(['samplePath', 'open', 'frame']);
  });

  it('rejects with the error envelope', async () => {
    const { client } = await connected();
    await client.call('open', { path: CLIP });
    const refused = (await addon.Session.open(CLIP).then(async (session) => {
      try {
        return await session.show({ index: 48 }).catch((error: unknown) => error);
      } finally {
        session.close();
      }
    })) as InspectorError;
    const call = client.call('show', { target: { index: 48 } });
    await expect(call).rejects.toBeInstanceOf(RpcFailure);
    await expect(call).rejects.toMatchObject({
      code: 'FRAME_OUT_OF_RANGE',
      message: refused.message,
      remedy: refused.remedy,
    });
  });

  it('delivers events and fails calls in flight when the backend restarts', async () => {
    const { client } = await connected(await serve.ownServer());
    const restarted = vi.fn();
    client.on('backendRestarted', restarted);
    const progress: ProgressEvent[] = [];
    client.on('progress', (event) => progress.push(event));
    await client.call('open', { path: CLIP });
    await client.call('show', { target: { index: 5 } });
    const capture = client.call('saveCapture', { path: path.join(dir, 'all.zci'), frames: { from: 0, to: 47 } });
    await until(() => progress.some((event) => event.stage === 'capturing'), 'the capture to start');
    const killed = await killBackend(client);
    // Serve mode answers the request the dead backend held, at once and with why.
    await expect(capture).rejects.toMatchObject({
      code: 'BACKEND_RESTARTED',
      message: expect.stringMatching(/was not answered: the decoder process stopped \(signal SIGKILL\)/),
    });
    // Then the event, once a new process runs.
    await until(() => restarted.mock.calls.length > 0, 'the restart event');
    expect(restarted).toHaveBeenCalledWith({
      reason: describeExit(null, 'SIGKILL'),
      exitCode: null,
      signal: 'SIGKILL',
      restarts: 1,
      lastFile: CLIP,
      lastFrame: 5,
    });
    // The same connection goes on with the new process.
    const { backend } = await client.call('environment', {});
    expect(backend.pid).not.toBe(killed);
  });

  it('answers every request sent through a restart, one a millisecond from the kill until the new backend answers', async () => {
    const { client } = await connected(await serve.ownServer());
    const killed = await killBackend(client);
    // The requests that reach serve mode while the new process starts (before it listens to its parent) must be
    // held for it or answered as restarting, never dropped.
    const calls: Promise<'answered' | 'restarting' | 'refused'>[] = [];
    let newPid: number | null = null;
    const deadline = Date.now() + 30_000;
    while (newPid === null && Date.now() < deadline) {
      calls.push(
        client.call('environment', {}).then(
          ({ backend }) => {
            if (backend.pid !== killed) newPid = backend.pid;
            return 'answered' as const;
          },
          (error: unknown) => ((error as RpcFailure).code === 'BACKEND_RESTARTED' ? 'restarting' : 'refused'),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(newPid, 'the new backend answered').not.toBeNull();
    const unanswered = Symbol('unanswered');
    const settled = await Promise.race([
      Promise.all(calls),
      new Promise<typeof unanswered>((resolve) => setTimeout(() => resolve(unanswered), 10_000)),
    ]);
    expect(settled, `every one of ${calls.length} requests answered`).not.toBe(unanswered);
  }, 60_000);

  it('brings pictures back in one binary frame holding their own bytes, and the rest as JSON text', async () => {
    const { client, transport } = await connected();
    const received: (string | ArrayBuffer | Uint8Array)[] = [];
    transport.onMessage((data) => received.push(data));
    await client.call('open', { path: CLIP });
    const answer = await client.call('show', {
      target: { index: 3 },
      options: { thumbnailWidth: 256, previews: [{ op: 'reference', maxWidth: 256 }] },
    });
    const pictures =
      (answer.thumbnails ?? []).reduce((sum, t) => sum + t.data.byteLength, 0) +
      (answer.previews[0]?.result?.reference?.rgb.byteLength ?? 0);
    // Y, U and V each drawn 256 wide, and the RGB reference.
    expect(pictures).toBe(3 * 256 * 144 + 256 * 144 * 3);
    expect(answer.thumbnails?.[0]?.data).toBeInstanceOf(Uint8Array);
    const frames = received.filter((data) => typeof data !== 'string');
    expect(frames).toHaveLength(1);
    // The pictures' bytes plus a header of a few KB: base64 inside JSON text would have been a third larger.
    const size = frames[0]!.byteLength;
    expect(size).toBeGreaterThan(pictures);
    expect(size).toBeLessThan(pictures + 16_384);
    expect(received.filter((data) => typeof data === 'string').length).toBeGreaterThanOrEqual(1); // open's answer
  });

  it('fails calls when the carrier closes and ignores junk', async () => {
    const own = await serve.ownServer();
    const { client, transport } = await connected(own);
    await client.call('open', { path: CLIP });
    const capture = client.call('saveCapture', { path: path.join(dir, 'cut.zci'), frames: { from: 0, to: 47 } });
    // An unreadable request is answered with id -1, which matches no call: the client drops it.
    const answers: string[] = [];
    transport.onMessage((data) => typeof data === 'string' && answers.push(data));
    transport.send('not json');
    await until(() => answers.some((data) => data.includes('"id":-1')), 'the answer to the junk');
    expect(await state(capture)).toBe('pending');
    await own.stop();
    await expect(capture).rejects.toMatchObject({ code: 'INTERNAL' });
    await expect(client.call('close', {})).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});
