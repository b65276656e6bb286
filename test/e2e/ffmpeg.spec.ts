/**
 * Which FFmpeg, in Chromium against serve mode: the decoder panel names the FFmpeg release the backend loaded, its
 * file and origin, and why NVDEC's capability table is empty without a GPU; serve mode's settings show the FFmpeg
 * every client runs on, read-only, since whoever starts serve mode chooses it (--ffmpeg, ZCI_FFMPEG); the stream
 * facts say how the rotated fixture asks to be shown.
 */
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/e2e/fixtures';
import { FFMPEG_CHOICE_ENV } from '../../contract/ffmpeg-choice';
import { call, openSocket, startServe } from '../support/live/serve';

const variant71 = path.resolve('native', 'build-ffmpeg-7.1', 'Release', 'zerocopy_inspector.node');

test('the decoder panel names the FFmpeg, and serve mode shows the one every client runs on, read-only', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  const versions = page.getByTestId('version-ffmpeg');
  await expect(versions).toContainText(/FFmpeg 5\.1\.\d+.* \(system: .*libavcodec\.so\.59\) · avcodec 59\./);
  await expect(page.getByTestId('nvdec-caps-error')).toHaveText(/NVDEC capabilities not asked: no CUDA device/);
  await page.getByTestId('settings-button').click();
  // One FFmpeg serves every client: whoever starts serve mode chooses it, so no client's menu changes it.
  const select = page.getByTestId('setting-ffmpeg');
  await expect(select).toBeDisabled();
  await expect(select).toHaveValue('system');
  await expect(page.getByTestId('setting-ffmpeg-text')).toHaveText(
    "The backend runs on the system's FFmpeg. It is loaded once for every client of serve mode: whoever starts serve mode chooses it (--ffmpeg).",
  );
  // The menu still says which variants are built here.
  const option = select.locator('option[value="7.1"]');
  if (existsSync(variant71)) await expect(option).toBeEnabled();
  else await expect(option).toBeDisabled();
  // Nor can a client over the RPC.
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
  const refused = await call(opened.socket, 'setSettings', { ffmpeg: '7.1' }, 1);
  expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  expect((refused.error as { remedy: string }).remedy).toContain('--ffmpeg');
  opened.socket.close();
});

test('the stream facts say the rotated clip turns 90° and declares full range', async ({ page, served }) => {
  const file = path.join(served.configDir, 'rotated.mp4');
  await copyFile(path.resolve('test', 'fixtures', 'h264-rot90-fullrange-640x360.mp4'), file);
  await page.goto(served.url);
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText('rotated.mp4');
  await expect(page.getByTestId('stream-display')).toHaveText(
    'rotated 90° by the display matrix (stored 640×360, shown 360×640) · full range (pc)',
  );
});

test('serve mode started on FFmpeg 7.1 runs on it, loaded from beside the addon, and no client can change it', async () => {
  test.skip(!existsSync(variant71), 'the FFmpeg 7.1 variant is not built (npm run build:native:ffmpeg7)');
  // As --ffmpeg 7.1 passes it on to the backend.
  const served = await startServe({ env: { [FFMPEG_CHOICE_ENV]: '7.1' } });
  try {
    const opened = await openSocket(served);
    if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
    const { socket } = opened;
    type Env = {
      ok: boolean;
      result: {
        backend: { pid: number };
        report: { ffmpeg: { version: string; origin: string; libraryPath: string } };
        ffmpeg: { loaded: string };
      };
    };
    const before = (await call(socket, 'environment', {}, 1)) as Env;
    expect(before.result.ffmpeg.loaded).toBe('7.1');
    expect(before.result.report.ffmpeg.version).toMatch(/^7\.1\./);
    expect(before.result.report.ffmpeg.origin).toBe('bundled');
    expect(before.result.report.ffmpeg.libraryPath).toContain(path.join('build-ffmpeg-7.1', 'Release', 'ffmpeg-lib'));
    // A client that asks for the system's FFmpeg changes nothing: the backend the supervisor starts again loads the
    // same FFmpeg.
    await call(socket, 'setSettings', { ffmpeg: 'system' }, 2);
    process.kill(before.result.backend.pid, 'SIGKILL');
    let id = 10;
    await expect
      .poll(async () => ((await call(socket, 'environment', {}, (id += 1))) as Env).ok, { timeout: 30_000 })
      .toBe(true);
    const after = (await call(socket, 'environment', {}, 99)) as Env;
    expect(after.result.backend.pid).not.toBe(before.result.backend.pid);
    expect(after.result.ffmpeg.loaded).toBe('7.1');
    expect(after.result.report.ffmpeg.version).toMatch(/^7\.1\./);
    socket.close();
  } finally {
    await served.stop();
  }
});
