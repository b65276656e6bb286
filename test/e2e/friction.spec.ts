/**
 * The friction a new user meets, in Chromium against serve mode: popovers that close on Escape and outside with
 * focus back, inline refusal of an out-of-range frame (no request sent), a frame label that does not move, the
 * window title, the glossary from the identity panel, jump fields, dimmed stale panels, and Cancel on long work.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';

/** Opens the page and waits for the sample's first frame. */
async function openSample(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  await expect(page.getByTestId('identity-panel')).toBeVisible();
}

/** Counts the frame steps the page sends over its WebSocket: shows bringing thumbnails back (an operator's own show
 * of the frame on screen brings none). Install before the page loads. */
function countFrameRequests(page: Page): { count(): number } {
  let sent = 0;
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      if (/"method":"show"/.test(text) && /"thumbnailWidth"/.test(text)) sent += 1;
    });
  });
  return { count: () => sent };
}

test('popovers close on Escape and on a click outside, and focus goes back to their trigger', async ({
  page,
  served,
}) => {
  await openSample(page, served.url);
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-panel')).toBeHidden();
  await expect(page.getByTestId('share-button')).toBeFocused();

  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-panel')).toBeVisible();
  await page.locator('#identity-title').click();
  await expect(page.getByTestId('settings-panel')).toBeHidden();
  await expect(page.getByTestId('settings-button')).toBeFocused();

  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toBeVisible();
  await expect(page.getByTestId('help-glossary')).toContainText('coded but not displayed');
  await page.getByTestId('help-overlay').click({ position: { x: 8, y: 8 } });
  await expect(page.getByTestId('help-overlay')).toBeHidden();
  await expect(page.getByTestId('help-button')).toBeFocused();

  // An Escape that closes a popover is the popover's: the error banner under it stays for the next Escape.
  await page.getByTestId('path-input').fill(path.join(served.configDir, 'no-such-clip.mp4'));
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('error-banner')).toBeVisible();
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-panel')).toBeHidden();
  await expect(page.getByTestId('error-banner')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('error-banner')).toBeHidden();
});

test('the glossary opens from the identity panel and closes like every popover', async ({ page, served }) => {
  await openSample(page, served.url);
  const identity = page.getByTestId('identity-panel');
  const button = identity.getByTestId('glossary-aliasing-proof');
  await button.click();
  const popover = identity.getByTestId('glossary-popover-aliasing-proof');
  await expect(popover).toBeVisible();
  await expect(popover).toContainText('canary and aliasing proof');
  await expect(popover).toContainText('reads the bytes back through the pointer FFmpeg');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(button).toBeFocused();
  // The format NVCV reported, read out, behind the panel's summary line of its facts.
  await identity.getByTestId('disclosure-identity-details').click();
  await expect(identity.getByTestId('nvcv-format-words')).toContainText('Y: 8-bit luma; U, V: 8-bit samples');
  await identity.getByTestId('glossary-nvcv-format').click();
  await expect(identity.getByTestId('glossary-popover-nvcv-format')).toContainText('X10b6');
  await page.locator('#identity-title').click();
  await expect(identity.getByTestId('glossary-popover-nvcv-format')).toBeHidden();
});

test('an out-of-range frame is refused beside the field, and no request is sent', async ({ page, served }) => {
  const requests = countFrameRequests(page);
  await openSample(page, served.url);
  const before = requests.count();
  expect(before).toBeGreaterThanOrEqual(1);
  await page.getByTestId('frame-input').fill('96');
  await page.getByTestId('frame-input').press('Enter');
  await expect(page.getByTestId('frame-problem')).toHaveText('last frame is 95');
  await expect(page.getByTestId('frame-input')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('time-input').fill('60');
  await page.getByTestId('go-time').click();
  await expect(page.getByTestId('time-problem')).toHaveText('the clip ends at 4.000 s');
  // Give a request that should not exist the time to leave.
  await page.waitForTimeout(500);
  expect(requests.count()).toBe(before);
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  await expect(page.getByTestId('error-banner')).toBeHidden();
  await page.getByTestId('frame-input').fill('95');
  await page.getByTestId('frame-input').press('Enter');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 95 of 96');
  await expect(page.getByTestId('frame-problem')).toBeHidden();
  expect(requests.count()).toBe(before + 1);
});

test('the frame label keeps its width while stepping, so +1 does not move', async ({ page, served }) => {
  await openSample(page, served.url);
  const indicator = page.getByTestId('frame-indicator');
  const forward = page.getByTestId('step-forward');
  const boxes: { frame: string; width: number; x: number }[] = [];
  const measure = async (): Promise<void> => {
    await expect(page.getByTestId('frame-busy')).toHaveCount(0);
    const label = (await page.getByTestId('frame-label').textContent()) ?? '';
    const box = await indicator.boundingBox();
    const button = await forward.boundingBox();
    if (box === null || button === null) throw new Error('the label or the button is not laid out');
    boxes.push({ frame: label, width: box.width, x: button.x });
  };
  await measure();
  for (const frame of ['1', '9']) {
    await page.getByTestId('frame-input').fill(frame);
    await page.getByTestId('frame-input').press('Enter');
    await expect(page.getByTestId('frame-label')).toHaveText(`frame ${frame} of 96`);
    await measure();
  }
  await forward.click();
  await expect(page.getByTestId('frame-label')).toHaveText('frame 10 of 96');
  await measure();
  await page.getByTestId('frame-input').fill('72');
  await page.getByTestId('frame-input').press('Enter');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 72 of 96');
  await expect(indicator).toContainText('key');
  await measure();
  expect(new Set(boxes.map((b) => b.width)).size, JSON.stringify(boxes)).toBe(1);
  expect(new Set(boxes.map((b) => b.x)).size, JSON.stringify(boxes)).toBe(1);
  await expect(indicator).toHaveCSS('font-variant-numeric', 'tabular-nums');
});

test('the window title names the file and the frame', async ({ page, served }) => {
  await openSample(page, served.url);
  await expect(page).toHaveTitle('sample.mp4 · frame 0 of 96 — Zero-Copy Inspector');
  await page.getByTestId('frame-input').fill('12');
  await page.getByTestId('frame-input').press('Enter');
  await expect(page).toHaveTitle('sample.mp4 · frame 12 of 96 — Zero-Copy Inspector');
});

test('jump fields select their text on focus and start empty for a new file', async ({ page, served }) => {
  await openSample(page, served.url);
  const field = page.getByTestId('frame-input');
  await field.fill('50');
  await field.press('Enter');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 50 of 96');
  await page.locator('#identity-title').click();
  await field.click();
  expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 2]);
  await page.keyboard.type('7');
  await expect(field).toHaveValue('7');
  const padded = path.join(served.configDir, 'h264-1080p-420.mp4');
  await copyFile(CLIPS.padded, padded);
  await page.getByTestId('path-input').fill(padded);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText('h264-1080p-420.mp4');
  await expect(page.getByTestId('frame-input')).toHaveValue('');
  await expect(page).toHaveTitle(/^h264-1080p-420\.mp4 · frame 0 of \d+ — Zero-Copy Inspector$/);
});

test('a slow decode dims the stale panels; Cancel stops a capture with no banner and no file', async ({
  page,
  served,
}) => {
  // One key frame and 240 frames: the last is 239 decodes away (about 300 ms here, far over the 150 ms the panels
  // wait); the sample's short GOPs decode any frame in about 50 ms.
  const longGop = path.join(served.configDir, 'long-gop.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24', '-t', '10'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '1000', '-pix_fmt', 'yuv420p', longGop],
  ]);
  await openSample(page, served.url);
  await page.getByTestId('path-input').fill(longGop);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 240');
  const panels = page.getByTestId('panels');
  await expect(panels).toHaveAttribute('aria-busy', 'false');
  // Every state the panels' container passes through, recorded in the page (the dimmed one lasts only ~150 ms).
  await panels.evaluate((main) => {
    const seen: string[] = [];
    (window as unknown as { panelStates: string[] }).panelStates = seen;
    new MutationObserver(() => seen.push(`${main.className}|${main.getAttribute('aria-busy')}`)).observe(main, {
      attributes: true,
    });
  });
  await page.locator('#identity-title').click();
  await page.keyboard.press('End');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 239 of 240');
  await expect(panels).toHaveAttribute('aria-busy', 'false');
  await expect(panels).not.toHaveClass(/\bstale\b/);
  const states = await page.evaluate(() => (window as unknown as { panelStates: string[] }).panelStates);
  expect(states).toContain('panels stale|true');
  await page.getByTestId('open-sample').click();
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');

  const target = path.join(served.configDir, 'cancelled.zci');
  await page.getByTestId('share-button').click();
  await page.getByTestId('capture-path').fill(target);
  await page.getByTestId('capture-frames').fill('0-95');
  await page.getByTestId('capture-save').click();
  const bar = page.getByTestId('progress-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-stage', 'capturing');
  await expect(page.getByTestId('progress-indicator')).toContainText('Capturing frame');
  await page.getByTestId('progress-cancel').click();
  await expect(bar).toBeHidden();
  await expect(page.getByTestId('error-banner')).toBeHidden();
  // Cancel lies outside the Share popover, so it closed; opened again, it is ready for another save.
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('capture-save')).toHaveText('Save capture');
  await expect(page.getByTestId('capture-save')).toBeEnabled();
  await expect(page.getByTestId('capture-saved')).toBeHidden();
  expect(existsSync(target)).toBe(false);
});
