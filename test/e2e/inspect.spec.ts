import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';

/** Types a path into serve mode's path field and opens it. */
async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
}

test('opens the bundled sample on first start and shows the pointer evidence', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 0 of 96');
  const panel = page.getByTestId('identity-panel');
  await expect(panel).toBeVisible();
  // Each plane shows FFmpeg's pointer beside NVCV's; with NVCV loaded they must be equal.
  const nvcvLoaded = !(await page.getByTestId('missing-nvcv').isVisible());
  const planes = await page.locator('[data-testid^="plane-row-"]').count();
  expect(planes).toBeGreaterThanOrEqual(2);
  for (let plane = 0; plane < planes; plane += 1) {
    const ffmpeg = await page.getByTestId(`ffmpeg-pointer-${plane}`).textContent();
    if (nvcvLoaded) {
      await expect(page.getByTestId(`nvcv-pointer-${plane}`)).toHaveText(ffmpeg ?? '');
      await expect(page.getByTestId(`match-badge-${plane}`)).toHaveText(/MATCH/);
    }
  }
  await expect(page.getByTestId('overall-badge')).toHaveText(nvcvLoaded ? /POINTERS MATCH/ : /NOT CHECKED/);
  // Host frames are only described to NVCV: the verdict says so in amber, never the green zero-copy claim.
  const hostFrame = (await page.getByTestId('decode-path').textContent())?.includes('software') === true;
  if (nvcvLoaded && hostFrame) {
    await expect(page.getByTestId('overall-badge')).toHaveAttribute('data-tone', 'warn');
    await expect(page.getByTestId('overall-badge')).toContainText('DESCRIPTOR ONLY (HOST MEMORY)');
    await expect(page.getByTestId('overall-badge')).not.toContainText('ZERO-COPY');
  }
  // Which device holds the planes: the driver's answer, shown beside the allocation.
  await expect(page.getByTestId('placement')).toHaveAttribute('data-verdict', hostFrame ? 'host-memory' : 'one-device');
  await expect(page.getByTestId('placement-devices')).toContainText(hostFrame ? 'planes host' : 'planes cuda:0');
  await expect(page.getByTestId('aliasing-proof')).toHaveAttribute('data-passed', nvcvLoaded ? 'true' : 'false');
  await expect(page.getByTestId('decode-path')).toBeVisible();
  await expect(page.locator('[data-testid^="thumbnail-"]')).toHaveCount(planes);
  await page.screenshot({ path: screenshotPath('sample-first-start'), fullPage: true });
});

test('steps, jumps to a frame and a time, and follows the shortcuts', async ({ page, served }) => {
  await page.goto(served.url);
  const indicator = page.getByTestId('frame-indicator');
  await expect(indicator).toContainText('frame 0 of 96');
  await expect(page.getByTestId('keyframe-mark')).toHaveCount(4);
  await page.getByTestId('step-forward').click();
  await expect(indicator).toContainText('frame 1 of');
  await page.keyboard.press('ArrowRight');
  await expect(indicator).toContainText('frame 2 of');
  await page.keyboard.press('ArrowLeft');
  await expect(indicator).toContainText('frame 1 of');
  await page.getByTestId('frame-input').fill('50');
  await page.getByTestId('go-frame').click();
  await expect(indicator).toContainText('frame 50 of');
  await page.getByTestId('time-input').fill('2');
  await page.getByTestId('time-input').press('Enter');
  await expect(indicator).toContainText('frame 48 of');
  await page.locator('body').click({ position: { x: 5, y: 780 } });
  await page.keyboard.press('End');
  await expect(indicator).toContainText('frame 95 of 96');
  await page.keyboard.press('Home');
  await expect(indicator).toContainText('frame 0 of');
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help-overlay')).toBeHidden();
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('settings-button').click();
  await page.getByTestId('setting-decode').selectOption('software');
  await page.getByTestId('settings-close').click();
  await page.getByTestId('open-sample').click();
  await expect(page.getByTestId('decode-reason')).toContainText('software decoding was requested');
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 0 of');
  await expect(page.getByTestId('identity-panel')).toBeVisible();
  await page.screenshot({ path: screenshotPath('sample-light-theme'), fullPage: true });
});

test('shows coded vs display height and the rows below the picture for the padded 1080p clip', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const { copyFile } = await import('node:fs/promises');
  const padded = `${served.configDir}/h264-1080p-420.mp4`;
  await copyFile(CLIPS.padded, padded);
  await openPath(page, padded);
  await expect(page.getByTestId('file-name')).toHaveText('h264-1080p-420.mp4');
  const layout = page.getByTestId('layout-panel');
  await expect(layout).toContainText('display 1920×1080 · coded 1920×1088');
  if (await page.getByTestId('separate-allocations').isVisible()) {
    // Host frames: each plane has its own buffer; the coded rows lie after the visible ones in it.
    await expect(page.getByTestId('layout-block-tail-0')).toHaveCount(1);
  } else {
    await expect(page.getByTestId('hidden-rows-0')).toContainText('8 hidden rows');
    await expect(page.getByTestId('layout-block-hidden-0')).toHaveCount(1);
  }
  await page.getByTestId('layout-block-visible-0').hover();
  await expect(page.getByTestId('layout-tooltip')).toContainText('visible pixels · bytes 0…');
  await expect(page.getByTestId('verdict-tensor')).toBeVisible();
  await page.getByTestId('recents-toggle').click();
  await expect(page.getByTestId('recent-item')).toHaveCount(2);
  await expect(page.getByTestId('recent-item').first()).toContainText('h264-1080p-420.mp4');
  await page.getByTestId('recents-toggle').click();
  await page.screenshot({ path: screenshotPath('padded-1080p-layout'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('shows the error of a damaged file and an audio-only file, and stays usable', async ({ page, served }) => {
  const { writeFile } = await import('node:fs/promises');
  const damaged = `${served.configDir}/damaged.mp4`;
  await writeFile(damaged, Buffer.alloc(40_000, 0x5a));
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, damaged);
  await expect(page.getByTestId('error-banner')).toBeVisible();
  await expect(page.getByTestId('error-code')).toHaveText('NOT_A_VIDEO');
  await expect(page.getByTestId('error-remedy')).not.toBeEmpty();
  await page.screenshot({ path: screenshotPath('error-damaged-file') });
  await openPath(page, CLIPS.audioOnly);
  await expect(page.getByTestId('error-code')).toHaveText('NO_VIDEO_STREAM');
  await openPath(page, '/no/such/video.mp4');
  await expect(page.getByTestId('error-code')).toHaveText('FILE_NOT_FOUND');
  await page.getByTestId('error-dismiss').click();
  await expect(page.getByTestId('error-banner')).toBeHidden();
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 1 of');
});

test('recovers when the backend process is killed, and reopens the file at its frame', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await page.getByTestId('frame-input').fill('10');
  await page.getByTestId('go-frame').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 10 of');
  const pid = Number(await page.getByTestId('backend-pid').textContent());
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, 'SIGKILL');
  await expect(page.getByTestId('restart-banner')).toBeVisible();
  await expect(page.getByTestId('restart-reason')).toContainText('signal SIGKILL');
  await expect(page.getByTestId('reopen-button')).toContainText('sample.mp4 at frame 10');
  await expect(page.getByTestId('frame-indicator')).toBeHidden();
  await page.screenshot({ path: screenshotPath('backend-restarted') });
  await page.getByTestId('reopen-button').click();
  await expect(page.getByTestId('restart-banner')).toBeHidden();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 10 of');
  await expect(page.getByTestId('backend-pid')).not.toHaveText(String(pid));
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 11 of');
});

test('fits a 1280x800 window without horizontal scrolling', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('identity-panel')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
