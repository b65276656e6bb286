/**
 * The backend's budgets in real serve mode: one memory budget for every client, set only where serve mode was
 * started; a request the backend held when it died is answered BACKEND_RESTARTED, never left waiting.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { call, openSocket, startServe, type Served } from '../support/live/serve';
import { ROOT } from '../support/paths';

async function socketOf(served: Served) {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
  return opened.socket;
}

test('a request the backend held when it died is answered BACKEND_RESTARTED, and the next one is served', async ({
  served,
}) => {
  const socket = await socketOf(served);
  const env = (await call(socket, 'environment', {}, 1)) as { result: { backend: { pid: number } } };
  expect(await call(socket, 'open', { path: path.join(ROOT, 'assets', 'sample.mp4') }, 2)).toMatchObject({ ok: true });
  // A 96-frame capture keeps the backend busy; it dies under it.
  const saving = call(
    socket,
    'saveCapture',
    { path: path.join(served.configDir, 'x.zci'), frames: { from: 0, to: 95 } },
    3,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  process.kill(env.result.backend.pid, 'SIGKILL');
  expect(await saving).toMatchObject({
    ok: false,
    error: { code: 'BACKEND_RESTARTED', message: expect.stringMatching(/signal SIGKILL/) },
  });
  // Served again by the new process (a request while it starts is answered BACKEND_RESTARTED too, never dropped).
  let id = 10;
  await expect
    .poll(async () => ((await call(socket, 'environment', {}, (id += 1))) as { ok: boolean }).ok, { timeout: 30_000 })
    .toBe(true);
  const after = (await call(socket, 'environment', {}, 99)) as { result: { backend: { pid: number } } };
  expect(after.result.backend.pid).not.toBe(env.result.backend.pid);
  socket.close();
});

test('one memory budget for every client, set where serve mode started and never over the RPC', async () => {
  // An open of the 1920x1088 clip holding 16 frames is charged its DPB, decoder threads and held frames (90 MiB with
  // three threads): as many clients open it as 256 MiB holds, the next is refused before its open.
  const served = await startServe({
    env: { ZCI_MEMORY_BUDGET_MIB: '256', ZCI_HOLD_FRAMES: '16', ZCI_MAX_PIXELS: '2097152' },
  });
  try {
    const [a, b, c] = [await socketOf(served), await socketOf(served), await socketOf(served)];
    expect(await call(a, 'open', { path: CLIPS.padded }, 1)).toMatchObject({ ok: true });
    const others = [];
    let refused: unknown = null;
    for (let i = 0; i < 4 && refused === null; i += 1) {
      const other = await socketOf(served);
      others.push(other);
      const answer = (await call(other, 'open', { path: CLIPS.padded }, 1)) as { ok: boolean };
      if (!answer.ok) refused = answer;
    }
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'MEMORY_BUDGET_EXCEEDED',
        message: expect.stringMatching(
          /Opening .*: \d+ reference frames, \d+ decoder thread\(s\) and 16 held frames of .* the backend's memory budget of 256\.0 MiB/,
        ),
      },
    });
    // The other clients are answered, and see the budget and its charge.
    const t0 = Date.now();
    const env = (await call(c, 'environment', {}, 2)) as {
      result: { budgets: { memoryBytes: number; memoryUsedBytes: number; holdFrames: number; source: string } };
    };
    test.info().annotations.push({ type: 'figure', description: `another client answered in ${Date.now() - t0} ms` });
    expect(env.result.budgets).toMatchObject({ memoryBytes: 256 * 1_048_576, holdFrames: 16, source: 'local' });
    // Each open is charged at least its 16 held frames and 4 reference frames of 1920x1088 4:2:0 8-bit.
    expect(env.result.budgets.memoryUsedBytes).toBeGreaterThanOrEqual(others.length * 20 * 1920 * 1088 * 1.5);
    expect(env.result.budgets.memoryUsedBytes).toBeLessThanOrEqual(256 * 1_048_576);
    // No client can raise a budget: settings carry none, and open options no longer take the frames held.
    for (const patch of [{ maxPixels: 268_435_456 }, { holdFrames: 1 }, { memoryBytes: 2 ** 40 }])
      expect(await call(c, 'setSettings', patch, 3)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(await call(c, 'open', { path: CLIPS.padded, options: { holdFrames: 1 } }, 4)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    // Closing the first file gives its charge back.
    expect(await call(a, 'close', {}, 5)).toMatchObject({ ok: true });
    expect(await call(b, 'open', { path: CLIPS.padded }, 6)).toMatchObject({ ok: true });
    for (const socket of [a, b, c, ...others]) socket.close();
  } finally {
    await served.stop();
  }
});

test('serve mode refuses budgets that contradict each other before it starts', async () => {
  await expect(startServe({ env: { ZCI_MEMORY_BUDGET_MIB: '512', ZCI_HOLD_FRAMES: '16' } })).rejects.toThrow(
    /exited with 2[\s\S]*16 held frames of 35651584 pixels can take 3264 MiB, more than the memory budget of 512 MiB/,
  );
});

test('4 MB of tiny NAL units: the open is refused before the work, and the backend stays up', async () => {
  // The decoder counts the NAL units of every packet the probe or the session could decode: one past the cap is
  // MEDIA_TOO_LARGE before FFmpeg's decoder sees it, so the backend neither grows nor is restarted.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zci-nal-'));
  const flood = path.join(dir, 'flood.h264');
  execFileSync('python3', [
    path.join(ROOT, 'test', 'fixtures', 'hostile-media.py'),
    'nal-flood',
    path.join(ROOT, 'test', 'fixtures', 'h264-odd-642x362.mp4'),
    flood,
    '4',
  ]);
  const served = await startServe({ env: { ZCI_MEMORY_BUDGET_MIB: '512' } });
  try {
    const [a, b] = [await socketOf(served), await socketOf(served)];
    const answer = await call(a, 'open', { path: flood, options: { decode: 'software' } }, 1);
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'MEDIA_TOO_LARGE',
        message: expect.stringMatching(/holds more than 4096 NAL units, over the cap/),
      },
    });
    const t0 = Date.now();
    expect(await call(b, 'environment', {}, 10)).toMatchObject({ ok: true });
    test.info().annotations.push({
      type: 'figure',
      description: `${(answer.error as { message: string }).message}; another client answered ${Date.now() - t0} ms later`,
    });
    expect(served.output.join('')).not.toMatch(/passed its memory limit/);
    for (const socket of [a, b]) socket.close();
  } finally {
    await served.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
