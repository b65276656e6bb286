/** Captures in serve mode without a GPU: save and replay, the capture banner, presenter view, exports. */
import { existsSync } from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readCapture } from '../../electron/capture/capture-file';
import { decodePng } from '../../electron/capture/png';
import { frameReportSchema } from '../../contract/report';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { call, openSocket, screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';
import { editManifest } from '../support/zip-edit';
import { cliCapture } from '../support/live/cli-capture';

const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

/** Types a path into serve mode's path field and opens it. */
async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
}

/** Makes a capture of the sample with the command line, as a user without a window would. */
function captureSample(out: string, frames: string): void {
  cliCapture(CLIPS.sample, frames, out);
}

test('a capture saved over the RPC replays every report unchanged', async ({ served }) => {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`no socket: ${opened.status}`);
  const { socket } = opened;
  let id = 1;
  const rpc = async (method: string, params: unknown) => call(socket, method, params, id++);
  expect(await rpc('open', { path: CLIPS.sample })).toMatchObject({ ok: true });
  const seen = [];
  /** The report of a frame answer. */
  const reportOf = (reply: { result?: unknown }) => (reply.result as { report: unknown }).report;
  for (const index of [12, 0, 5]) seen.push(reportOf(await rpc('show', { target: { index } })));
  const file = path.join(served.configDir, 'round-trip.zci');
  expect(await rpc('saveCapture', { path: file })).toMatchObject({ ok: true, result: { frames: [0, 5, 12] } });
  // Saving again under the same name is refused unless asked to overwrite.
  expect(await rpc('saveCapture', { path: file })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  expect(await rpc('saveCapture', { path: file, overwrite: true })).toMatchObject({ ok: true });
  const replay = await rpc('openCapture', { path: file });
  expect(replay).toMatchObject({
    ok: true,
    result: {
      info: { path: 'sample.mp4' },
      capture: { frames: [0, 5, 12], signature: { state: 'signed', thisInstallation: true } },
    },
  });
  for (const report of seen) {
    const index = (report as { frameIndex: number }).frameIndex;
    expect(reportOf(await rpc('show', { target: { index } }))).toEqual(report);
  }
  expect(await rpc('show', { target: { index: 6 } })).toMatchObject({
    ok: false,
    error: { code: 'CAPTURE_FRAME_MISSING' },
  });
  expect(await rpc('show', { target: { index: 500 } })).toMatchObject({
    ok: false,
    error: { code: 'FRAME_OUT_OF_RANGE' },
  });
  const twelve = await rpc('show', { target: { index: 12 }, options: { thumbnailWidth: 240 } });
  const thumbs = (twelve.result as { thumbnails: { width: number }[] }).thumbnails;
  expect(thumbs.length).toBeGreaterThanOrEqual(2);
  expect(thumbs[0]!.width).toBe(240);
  socket.close();
});

test('opens a capture without a GPU: banner, panels with its evidence, stepping, presenter view', async ({
  page,
  served,
}) => {
  const file = path.join(served.configDir, 'demo.zci');
  captureSample(file, '0,24,50');
  const captured = (await readCapture(file, file)).manifest;
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, file);
  await expect(page.getByTestId('file-name')).toHaveText('demo.zci');
  const banner = page.getByTestId('capture-banner');
  await expect(banner).toContainText('CAPTURE · read-only');
  await expect(page.getByTestId('capture-where')).toContainText(captured.machine.hostname);
  await expect(page.getByTestId('capture-frames')).toHaveText('3 frames: 0, 24, 50');
  // Signed by the command line's key, which is not this serve mode's.
  await expect(page.getByTestId('capture-signature')).toContainText('signed by another installation · key ');
  await expect(page.getByTestId('capture-source')).toContainText('sample.mp4');
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 0 of 96');
  // The identity panel shows the capture's pointers, not anything decoded here.
  const report = captured.frames[0]!.report;
  for (const plane of report.planes) {
    const shown = (await page.getByTestId(`ffmpeg-pointer-${plane.index}`).textContent())?.replace(/_/g, '');
    expect(shown).toBe(plane.ffmpegPointer);
  }
  await expect(page.getByTestId('overall-badge')).toHaveText(/POINTERS MATCH|NOT CHECKED/);
  await expect(page.getByTestId('layout-panel')).toContainText('display 1920×1080 · coded 1920×1088');
  await expect(page.getByTestId('version-nvcv')).toBeVisible();
  await expect(page.locator('[data-testid^="thumbnail-"]')).toHaveCount(report.planes.length);
  await expect(page.getByTestId('captured-mark')).toHaveCount(3);
  await page.screenshot({ path: screenshotPath('capture-replay'), fullPage: true });

  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 24 of');
  await page.keyboard.press('End');
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 50 of');
  await expect(page.getByTestId('step-forward')).toBeDisabled();
  await page.getByTestId('frame-input').fill('7');
  await page.getByTestId('go-frame').click();
  await expect(page.getByTestId('error-code')).toHaveText('CAPTURE_FRAME_MISSING');
  await expect(page.getByTestId('error-message')).toContainText('it holds frames 0, 24, 50');
  await page.getByTestId('error-dismiss').click();

  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('p');
  const presenter = page.getByTestId('presenter-view');
  await expect(presenter).toBeVisible();
  await expect(page.getByTestId('presenter-frame')).toContainText('frame 50 (3 of 3 captured)');
  await expect(page.getByTestId('presenter-capture')).toContainText(captured.machine.hostname);
  await expect(page.getByTestId('presenter-badge-pointers')).toBeVisible();
  await expect(page.getByTestId('presenter-badge-aliasing')).toHaveText(/ALIASING PROVEN|PROOF NOT RUN/);
  // The naive-wrap picture needs NV12 in GPU memory; on a machine without a GPU the slot stays empty.
  const names = (captured.frames.at(-1)!.operators ?? []).map((op) => op.name);
  const pair = names.includes('wrong-wrap') && names.includes('right-wrap');
  await expect(page.getByTestId('wrong-wrap')).toHaveCount(pair ? 1 : 0);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('presenter-frame')).toContainText('frame 24 (2 of 3 captured)');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('presenter-frame')).toContainText('frame 0 (1 of 3 captured)');
  await page.screenshot({ path: screenshotPath('presenter-view') });
  await page.keyboard.press('Escape');
  await expect(presenter).toBeHidden();
  await expect(page.getByTestId('identity-panel')).toBeVisible();

  await page.getByTestId('capture-close').click();
  await expect(banner).toBeHidden();
});

test('damaged and future-version captures are refused with their codes', async ({ page, served }) => {
  const good = path.join(served.configDir, 'good.zci');
  captureSample(good, '0');
  const bytes = await readFile(good);
  const damaged = path.join(served.configDir, 'damaged.zci');
  await writeFile(damaged, bytes.subarray(0, bytes.length - 200));
  const future = path.join(served.configDir, 'future.zci');
  await writeFile(
    future,
    editManifest(bytes, (manifest) => {
      manifest.formatVersion = 99;
    }),
  );
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, damaged);
  await expect(page.getByTestId('error-code')).toHaveText('CAPTURE_INVALID');
  await expect(page.getByTestId('error-remedy')).not.toBeEmpty();
  await openPath(page, future);
  await expect(page.getByTestId('error-code')).toHaveText('CAPTURE_TOO_NEW');
  await expect(page.getByTestId('error-message')).toContainText('format 99');
  // The live file stays open and usable.
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('capture-banner')).toBeHidden();
});

test('saves a capture from the Share popover, exports a panel as PNG and the report as JSON', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 0 of 96');
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 1 of');
  await page.getByTestId('share-button').click();
  const target = path.join(served.configDir, 'from-ui.zci');
  await page.getByTestId('capture-path').fill(target);
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('capture-saved')).toContainText('Saved 2 frames (0-1)');
  expect((await readCapture(target, target)).manifest.selection).toBe('visited');

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-report-json').click()]);
  expect(json.suggestedFilename()).toBe('sample-frame-1.json');
  const report = frameReportSchema.parse(JSON.parse(await readFile(await json.path(), 'utf8')));
  expect(report.frameIndex).toBe(1);

  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png-layout-panel').click()]);
  expect(png.suggestedFilename()).toBe('sample-frame-1-layout-panel.png');
  const bytes = await readFile(await png.path());
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  const box = await page.getByTestId('layout-panel').boundingBox();
  // At 2×: the panel, then the band that says where the evidence came from (28 CSS px).
  expect(bytes.readUInt32BE(16)).toBe(2 * Math.ceil(box!.width));
  expect(bytes.readUInt32BE(20)).toBe(2 * (Math.ceil(box!.height) + 28));
  // A panel with canvases (the plane thumbnails) comes out too.
  await page.getByTestId('share-button').click();
  const [planes] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-png-thumbnails').click(),
  ]);
  expect((await readFile(await planes.path())).readUInt32BE(16)).toBeGreaterThan(100);
  await expect(page.getByTestId('error-banner')).toBeHidden();
});

test('opens the capture made on a real GPU and shows its evidence', async ({ page, served }) => {
  test.skip(!existsSync(GPU_CAPTURE), 'assets/gpu-capture.zci is not committed yet (a capture made on a GPU machine)');
  const captured = (await readCapture(GPU_CAPTURE, GPU_CAPTURE)).manifest;
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  // Opened from the test's own folder, so the screenshots name no folder of the machine that made them.
  const copy = path.join(served.configDir, 'gpu-capture.zci');
  await copyFile(GPU_CAPTURE, copy);
  await openPath(page, copy);
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  // Signed on the H200 that made it: a key that is not this installation's.
  await expect(page.getByTestId('capture-signature')).toContainText('signed by another installation');
  await expect(page.getByTestId('capture-gpu')).toContainText(captured.environment?.cuda.devices[0]?.name ?? 'NVIDIA');
  const first = captured.frames[0]!.report;
  await expect(page.getByTestId('decode-path')).toContainText(first.decodePath === 'nvdec' ? 'NVDEC' : 'software');
  await expect(page.getByTestId('overall-badge')).toHaveText(/POINTERS MATCH/);
  await expect(page.getByTestId('allocation-memory')).toContainText(first.allocation.memory);
  const { format } = first;
  await expect(page.getByTestId('layout-panel')).toContainText(
    `display ${format.width}×${format.height} · coded ${format.codedWidth}×${format.codedHeight}`,
  );
  if ((captured.frames[0]!.operators ?? []).length > 0) {
    await expect(page.getByTestId('captured-operators')).toBeVisible();
  }
  await page.screenshot({ path: screenshotPath('gpu-capture-replay'), fullPage: true });
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('p');
  await expect(page.getByTestId('presenter-badge-pointers')).toHaveText(/POINTERS MATCH/);
  await page.screenshot({ path: screenshotPath('gpu-capture-presenter') });
});

test('every exported picture says where its evidence came from: a tampered capture’s in red, an unsigned one’s in amber', async ({
  page,
  served,
}) => {
  const good = path.join(served.configDir, 'good.zci');
  captureSample(good, '0');
  const bytes = await readFile(good);
  // A report changed after signing: tampered. The same change with the signature removed and unclaimed: unsigned.
  const edit = (manifest: { frames: { report: { frameIndex: number; timings: { decodeMs: number } } }[] }) => {
    manifest.frames[0]!.report.timings.decodeMs += 1;
  };
  const tampered = path.join(served.configDir, 'tampered.zci');
  await writeFile(tampered, editManifest(bytes, edit));
  const unsigned = path.join(served.configDir, 'unsigned.zci');
  await writeFile(unsigned, editManifest(bytes, edit, { unsign: true }));
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const bandOf = async (): Promise<number[]> => {
    await page.getByTestId('share-button').click();
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-png-layout-panel').click(),
    ]);
    const image = decodePng(new Uint8Array(await readFile(await png.path())));
    const at = ((image.height - 3) * image.width + 2) * image.channels;
    return [...image.data.subarray(at, at + 3)];
  };
  expect(await bandOf()).toEqual([0x23, 0x27, 0x2f]); // a live decode: neutral
  await openPath(page, tampered);
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  expect(await bandOf()).toEqual([0xc6, 0x28, 0x28]); // tampered: red
  await openPath(page, unsigned);
  await expect(page.getByTestId('capture-signature')).toHaveAttribute('data-state', 'unsigned');
  expect(await bandOf()).toEqual([0xff, 0xb0, 0x20]); // unsigned: amber
  await openPath(page, good);
  await expect(page.getByTestId('capture-signature')).toHaveAttribute('data-state', 'signed');
  expect(await bandOf()).toEqual([0x1f, 0x3a, 0x2a]);
});
