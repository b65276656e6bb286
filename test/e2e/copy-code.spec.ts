/**
 * Copy as code in Chromium against serve mode: the live software frame (zero copy impossible, said so, the upload
 * named) and the frames of the capture made on an H200 (zero copy, the code carrying that frame's facts); the copy
 * button puts the code shown on the clipboard.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readCapture } from '../../electron/capture/capture-file';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { addon } from '../support/live/addon';
import { screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';

const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

/** Clicks the copy button and returns what the clipboard then holds. */
async function copied(page: Page): Promise<string> {
  await page.getByTestId('copycode-copy').click();
  await expect(page.getByTestId('copycode-copy-state')).toHaveText('copied to the clipboard');
  return page.evaluate(() => navigator.clipboard.readText());
}

test('the live software frame: zero copy impossible, the upload named, the facts the addon reports', async ({
  page,
  context,
  served,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const session = await addon.Session.open(CLIPS.sample);
  const { report } = await session.show({ index: 0 }).finally(() => session.close());
  const panel = page.getByTestId('copycode-panel');
  await panel.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('copycode-verdict')).toHaveText('zero copy impossible');
  await expect(page.getByTestId('copycode-note')).toContainText('its planes are in host memory');
  await expect(page.getByTestId('copycode-fact-pitches')).toContainText(
    report.planes.map((p) => `${p.pitch} B`).join(', '),
  );
  await expect(page.getByTestId('copycode-fact-heights')).toContainText(report.planes.map((p) => p.height).join(', '));
  const code = await copied(page);
  expect(code).toContain('av_hwframe_transfer_data(out, host, 0); /* the copy */');
  expect(code).toContain(`numPlanes = ${report.planes.length};`);
  expect(code).toBe(await page.getByTestId('copycode-code').textContent());
  await page.getByTestId('copycode-tab-python').click();
  await expect(page.getByTestId('copycode-none')).toBeVisible();
  await expect(page.getByTestId('copycode-code')).toHaveCount(0);
});

test('the H200 capture: zero copy, the code and facts of the captured NVDEC frame, copied', async ({
  page,
  context,
  served,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const frame = (await readCapture(GPU_CAPTURE, GPU_CAPTURE)).manifest.frames[0];
  if (frame === undefined) throw new Error('the capture has no frame');
  const { report } = frame;
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const copy = path.join(served.configDir, 'gpu-capture.zci');
  await copyFile(GPU_CAPTURE, copy);
  await page.getByTestId('path-input').fill(copy);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  const panel = page.getByTestId('copycode-panel');
  await panel.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('copycode-verdict')).toHaveText('zero copy');
  await expect(page.getByTestId('copycode-fact-pointers')).toContainText(
    report.planes.map((p) => p.ffmpegPointer).join(', '),
  );
  await expect(page.getByTestId('copycode-fact-single-tensor')).toContainText('coded rows');
  const c = await copied(page);
  expect(c).toContain('nvcvImageWrapDataConstruct(&data, zci_release_frame, ref, out)');
  for (const p of report.planes) expect(c).toContain(`pitch ${p.pitch} bytes at ${p.ffmpegPointer}`);
  await page.getByTestId('copycode-tab-python').click();
  const py = await copied(page);
  // A function of the user's frame: this frame's pitches are checked expectations, its addresses appear nowhere.
  expect(py).toContain('def wrap_frame(frame):');
  expect(py).toContain(`EXPECTED_PITCHES = [${report.planes.map((p) => p.pitch).join(', ')}]`);
  for (const p of report.planes) expect(py).not.toContain(p.ffmpegPointer);
  await page.getByTestId('copycode-tab-naive').click();
  await expect(page.getByTestId('copycode-code')).toContainText('WRONG: reads 8 rows');
  await panel.screenshot({ path: screenshotPath('copy-code') });
});
