/**
 * The keyboard alone, in Chromium against serve mode: a path typed and committed with Enter, then the frame and
 * time fields, each followed at once by the shortcuts (→ / ←, `p`, `f`). Enter commits a field and hands focus
 * back to the frame view, so the next key steps instead of typing into the field.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { ROOT } from '../support/paths';

const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

/** The frame index the frame bar shows. */
async function shownFrame(page: Page): Promise<number> {
  const text = (await page.getByTestId('frame-label').textContent()) ?? '';
  const match = /^frame (\d+) of \d+$/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

test('after a typed path, a frame number or a time and Enter, the arrows, p and f work at once', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  const capture = path.join(served.configDir, 'gpu-capture.zci');
  await copyFile(GPU_CAPTURE, capture);
  const sample = path.join(served.configDir, 'sample.mp4');
  await copyFile(CLIPS.sample, sample);

  // The path field: `o` reaches it, Enter opens the capture and leaves the field.
  await page.keyboard.press('o');
  await expect(page.getByTestId('path-input')).toBeFocused();
  await page.keyboard.type(capture);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  await expect(page.getByTestId('path-input')).not.toBeFocused();
  await expect(page.getByTestId('panels')).toBeFocused();
  await expect(page.getByTestId('path-input')).toHaveValue(capture);

  // Stepping moves between the captured frames (0, 24, 48).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 24 of 96');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');

  // The presenter view and its flicker, from the keyboard.
  await page.keyboard.press('p');
  await expect(page.getByTestId('presenter-frame')).toContainText('frame 0');
  await expect(page.getByTestId('wrong-wrap')).toHaveAttribute('data-state', 'ready');
  await page.keyboard.press('f');
  await expect(page.getByTestId('wrong-wrap-compare')).toHaveAttribute('data-swapped', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('presenter-frame')).toContainText('frame 24');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 24 of 96');

  // The frame field: `g`, a number, Enter; then the arrows step from there.
  await page.keyboard.press('g');
  await expect(page.getByTestId('frame-input')).toBeFocused();
  await page.keyboard.type('48');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 48 of 96');
  await expect(page.getByTestId('frame-input')).not.toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 24 of 96');

  // A value out of range is refused and keeps the focus, to be corrected.
  await page.keyboard.press('g');
  await page.keyboard.type('9999');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('frame-problem')).toBeVisible();
  await expect(page.getByTestId('frame-input')).toBeFocused();
  await page.keyboard.press('Escape');

  // Back to the live clip, typed again; then the time field, reached with Tab, and an arrow after it.
  await page.keyboard.press('o');
  await expect(page.getByTestId('path-input')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(sample);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('capture-banner')).toBeHidden();
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('frame-label')).toHaveText('frame 1 of 96');
  await page.keyboard.press('g');
  // The frame field's Go is left to Enter: the next Tab stop is the time field.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('time-input')).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('frame-label')).not.toHaveText('frame 1 of 96');
  await expect(page.getByTestId('frame-busy')).toBeHidden();
  const atTime = await shownFrame(page);
  expect(atTime).toBeGreaterThan(1);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('frame-label')).toHaveText(`frame ${atTime + 1} of 96`);
  await expect(page.getByTestId('time-input')).toHaveValue('2');
});
