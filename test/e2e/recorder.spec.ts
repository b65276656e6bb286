/**
 * A capture written by the recorder (python/) opens like any capture: the banner says it was recorded in the
 * user's own process, and the panels show its facts. The capture is written here by the Python writer, from facts
 * records made without a GPU (python/tests/factsbuild.py); live recording needs a GPU (python/tests/gpu/).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readCapture } from '../../electron/capture/capture-file';
import { expect, test } from '../support/e2e/fixtures';
import { recordCapture } from '../support/e2e/recorder-capture';
import { screenshotPath } from '../support/live/serve';

async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
}

test('a recorder capture opens read-only, says whose process it came from and shows its facts', async ({
  page,
  served,
}) => {
  const file = path.join(served.configDir, 'recorded.zci');
  recordCapture(file, path.join(served.configDir, 'recorder-key'));
  const manifest = (await readCapture(file, file)).manifest;
  const recordedBy = manifest.recordedBy!;
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, file);
  await expect(page.getByTestId('file-name')).toHaveText('recorded.zci');
  await expect(page.getByTestId('capture-banner')).toContainText('CAPTURE · read-only');
  const recorded = page.getByTestId('capture-recorded');
  await expect(recorded).toContainText('recorded in your process');
  await expect(recorded).toContainText(`${recordedBy.process.name} (pid ${recordedBy.process.pid})`);
  await expect(recorded).toContainText(`python ${recordedBy.versions.python!}`);
  await expect(page.getByTestId('capture-labels')).toContainText('0: after decode, 1: 1.5xH view');
  await expect(page.getByTestId('capture-not-taken')).toContainText('decoder surface');
  await expect(page.getByTestId('capture-signature')).toContainText('signed by another installation · key ');
  await expect(page.getByTestId('capture-frames')).toHaveText('2 frames: 0-1');

  // Frame 0: the right wrap, every pointer the recorder took.
  const first = manifest.frames[0]!.report;
  for (const plane of first.planes) {
    const shown = (await page.getByTestId(`ffmpeg-pointer-${plane.index}`).textContent())?.replace(/_/g, '');
    expect(shown).toBe(plane.ffmpegPointer);
  }
  await expect(page.getByTestId('overall-badge')).toHaveText(/POINTERS MATCH/);
  await expect(page.getByTestId('stream-hand-over-badge')).toHaveText('STREAM DONE');
  await expect(page.getByTestId('stream-hand-over')).toContainText('stream 0x5a5a00 had finished its work');
  await expect(page.getByTestId('layout-panel')).toContainText('display 1920×1080 · coded 1920×1088');
  await expect(page.locator('[data-testid^="thumbnail-"]')).toHaveCount(manifest.frames[0]!.thumbnails.length);

  // Frame 1: the 1.5×H view puts chroma 8 rows early, and the panel says so.
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 1 of');
  await expect(page.getByTestId('overall-badge')).toHaveText(/POINTER MISMATCH/);
  await expect(page.getByTestId('pointer-delta-1')).toContainText('16384');
  await expect(page.getByTestId('pointer-delta-rows-1')).toContainText('8');
  // Its stream still had decode work pending at hand-over: the notice says so, and what to do.
  await expect(page.getByTestId('stream-hand-over-badge')).toHaveText('STREAM PENDING');
  await expect(page.getByTestId('stream-hand-over')).toContainText('still had decode work pending');
  await page.getByTestId('stream-hand-over').screenshot({ path: screenshotPath('recorder-stream-pending') });
});
