/**
 * Which FFmpeg, in Chromium against serve mode: the decoder panel names the FFmpeg release the backend loaded, its
 * file and origin, and why NVDEC's capability table is empty without a GPU; the settings offer the FFmpeg 7.1
 * variant where it is built, keep the choice, and say it applies when the backend restarts; the stream facts say how
 * the rotated fixture asks to be shown.
 */
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/e2e/fixtures';
import { call, openSocket } from '../support/live/serve';

const variant71 = path.resolve('native', 'build-ffmpeg-7.1', 'Release', 'zerocopy_inspector.node');

test('the decoder panel names the FFmpeg, and the settings choose one for the next start', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  const versions = page.getByTestId('version-ffmpeg');
  await expect(versions).toContainText(/FFmpeg 5\.1\.\d+.* \(system: .*libavcodec\.so\.59\) · avcodec 59\./);
  await expect(page.getByTestId('nvdec-caps-error')).toHaveText(/NVDEC capabilities not asked: no CUDA device/);
  await page.getByTestId('settings-button').click();
  const select = page.getByTestId('setting-ffmpeg');
  await expect(page.getByTestId('setting-ffmpeg-text')).toHaveText("The backend runs on the system's FFmpeg.");
  const option = select.locator('option[value="7.1"]');
  if (!existsSync(variant71)) {
    await expect(option).toBeDisabled();
    return;
  }
  await expect(option).toBeEnabled();
  await select.selectOption('7.1');
  await expect(page.getByTestId('setting-ffmpeg-text')).toHaveText(
    "The backend runs on the system's FFmpeg. FFmpeg 7.1, shipped with the inspector applies when it restarts (restart the app or serve mode).",
  );
  // Kept by the backend: a reloaded page reads it back.
  await page.reload();
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('setting-ffmpeg')).toHaveValue('7.1');
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

test('a backend started after the FFmpeg 7.1 choice runs on FFmpeg 7.1, loaded from beside the addon', async ({
  served,
}) => {
  test.skip(!existsSync(variant71), 'the FFmpeg 7.1 variant is not built (npm run build:native:ffmpeg7)');
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
  expect(before.result.ffmpeg.loaded).toBe('system');
  expect(await call(socket, 'setSettings', { ffmpeg: '7.1' }, 2)).toMatchObject({
    ok: true,
    result: { ffmpeg: '7.1' },
  });
  // The supervisor starts a new backend, which reads the choice before it loads the addon.
  process.kill(before.result.backend.pid, 'SIGKILL');
  let id = 10;
  await expect
    .poll(async () => ((await call(socket, 'environment', {}, (id += 1))) as Env).ok, { timeout: 30_000 })
    .toBe(true);
  const after = (await call(socket, 'environment', {}, 99)) as Env;
  expect(after.result.backend.pid).not.toBe(before.result.backend.pid);
  expect(after.result.ffmpeg.loaded).toBe('7.1');
  expect(after.result.report.ffmpeg.version).toMatch(/^7\.1\./);
  expect(after.result.report.ffmpeg.origin).toBe('bundled');
  expect(after.result.report.ffmpeg.libraryPath).toContain(path.join('build-ffmpeg-7.1', 'Release', 'ffmpeg-lib'));
  socket.close();
});
