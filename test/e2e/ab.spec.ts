/** A/B in serve mode: two frames of one file, and the H200 capture of the sample against a capture made here. */
import { createHash } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readCapture } from '../../electron/capture/capture-file';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';
import { recordedRuns } from '../support/gpu-runs';
import { cliCapture } from '../support/live/cli-capture';

/** The capture of the bundled sample as it is now (its manifest names the sample's SHA-256) of the GPU run that
 * recorded last among those holding one: made on the H200 by the GPU run, frames 0, 24 and 48. */
async function h200Capture(): Promise<string> {
  const sample = createHash('sha256')
    .update(await readFile(CLIPS.sample))
    .digest('hex');
  for (const run of recordedRuns(['gpu-capture.zci']).reverse()) {
    const file = path.join(run.dir, 'gpu-capture.zci');
    if ((await readCapture(file, file)).manifest.source.sha256 === sample) return file;
  }
  throw new Error('no GPU run holds a capture of the current sample');
}

async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
}

const changed = (page: Page, key: string) => page.getByTestId(`ab-row-${key}`);

test('A/B of two frames of one file: the fields that differ are marked, the planes set side by side', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, CLIPS.padded);
  await expect(page.getByTestId('file-name')).toHaveText('h264-1080p-420.mp4');
  await expect(page.getByTestId('ab-panel')).toContainText('Keep a frame as A');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  await expect(page.getByTestId('ab-label-a')).toContainText('h264-1080p-420.mp4 · frame 0 · software');
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('ab-label-b')).toContainText('frame 5');
  await expect(changed(page, 'frame')).toHaveAttribute('data-changed', 'true');
  await expect(changed(page, 'frame')).toContainText('≠');
  await expect(changed(page, 'picture')).toHaveAttribute('data-changed', 'true');
  for (const key of ['decode-path', 'sw-format', 'plane0-pitch', 'plane0-size', 'coded-size'])
    await expect(changed(page, key), key).toHaveAttribute('data-changed', 'false');
  // The same plane of two different pictures: a difference image with its figures.
  await expect(page.getByTestId('ab-diff-Y')).toBeVisible();
  await expect(page.getByTestId('ab-diff-words-Y')).toContainText('pixels differ');
  const count = Number(await page.getByTestId('ab-changed').getAttribute('data-count'));
  expect(count).toBe(await page.locator('[data-testid^="ab-row-"][data-changed="true"]').count());
  await page.getByTestId('ab-panel').screenshot({ path: screenshotPath('ab-two-frames') });
  await page.getByTestId('ab-clear').click();
  await expect(page.getByTestId('ab-table')).toBeHidden();
});

test('A/B of two captures: the H200 capture of the sample against one made here on the CPU', async ({
  page,
  served,
}) => {
  const gpu = path.join(served.configDir, 'h200.zci');
  await copyFile(await h200Capture(), gpu);
  const captured = (await readCapture(gpu, gpu)).manifest;
  const frame = captured.frames.find((f) => f.index === 24) ?? captured.frames[0]!;
  const cpu = path.join(served.configDir, 'cpu.zci');
  cliCapture(CLIPS.sample, String(frame.index), cpu);

  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, cpu);
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  await expect(page.getByTestId('frame-label')).toContainText(`frame ${frame.index}`);
  await page.getByTestId('ab-capture-path').fill(gpu);
  await page.getByTestId('ab-capture-load').click();
  const gpuName = captured.environment?.cuda.devices[0]?.name ?? 'NVIDIA';
  await expect(page.getByTestId('ab-label-a')).toContainText(`h200.zci · frame ${frame.index} · ${gpuName}`);
  await expect(page.getByTestId('ab-label-b')).toContainText(`frame ${frame.index}`);
  await expect(page.getByTestId('ab-capture-path')).toHaveValue('');
  // NVDEC's device frame against software decode's host frame: the decode path, the hardware format and the memory
  // differ; the picture is the same frame of the same file.
  await expect(changed(page, 'decode-path')).toHaveAttribute('data-changed', 'true');
  await expect(changed(page, 'decode-path')).toContainText(frame.report.decodePath);
  await expect(changed(page, 'hw-format')).toHaveAttribute('data-changed', 'true');
  await expect(changed(page, 'allocation-memory')).toHaveAttribute('data-changed', 'true');
  for (const key of ['frame', 'display-size', 'picture'])
    await expect(changed(page, key), key).toHaveAttribute('data-changed', 'false');
  await expect(page.getByTestId('ab-plane-Y')).toBeVisible();
  // The same frame decoded by NVDEC on the H200 and by FFmpeg's software decoder here: the luma thumbnails are set
  // side by side and differenced (H.264 decoding is bit-exact; the figures say what the two thumbnails show).
  await expect(page.getByTestId('ab-diff-Y')).toBeVisible();
  await expect(page.getByTestId('ab-diff-words-Y')).toContainText(/identical|pixels differ/);
  // NV12's interleaved chroma plane is not yuv420p's U plane: named apart, not differenced.
  await expect(page.getByTestId('ab-diff-words-U')).toContainText(/only B has a U plane|identical|pixels differ/);
  await page.getByTestId('ab-panel').screenshot({ path: screenshotPath('ab-h200-vs-cpu-capture') });

  // A frame the other capture does not hold is refused by name, and A stays as it was.
  await page.getByTestId('ab-capture-path').fill(path.join(served.configDir, 'missing.zci'));
  await page.getByTestId('ab-capture-load').click();
  await expect(page.getByTestId('error-banner')).toBeVisible();
  await expect(page.getByTestId('ab-label-a')).toContainText('h200.zci');
});
