/**
 * Seeing the memory in a real browser: the layout drawing's axis, insets and named hidden rows for the padded
 * 1080p clip, with the real addon and serve mode.
 */
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';

/** Types a path into serve mode's path field and opens it. */
async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
}

test('the layout drawing names the hidden rows of the padded 1080p clip and why there are 1088', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, CLIPS.padded);
  await expect(page.getByTestId('file-name')).toHaveText('h264-1080p-420.mp4');
  const layout = page.getByTestId('layout-panel');
  await expect(layout).toContainText('display 1920×1080 · coded 1920×1088');
  await expect(page.getByTestId('reason-rows')).toContainText(
    'H.264 codes whole 16×16 macroblocks: 1080 rows become 1088',
  );
  await expect(page.getByTestId('inset-row-0-1080')).toHaveAttribute('data-region', 'coded-not-displayed');
  await layout.screenshot({ path: screenshotPath('layout') });
});
