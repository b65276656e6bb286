/**
 * The pixel probe and the layout drawing under the pointer, in Chromium against serve mode on the sample (software
 * frames: each plane in a buffer of its own). Zooming keeps the pinned pixel where it is on screen; hovering keeps
 * updating the readout while a pin is held; the thin bands of hidden rows in the layout drawing answer with their
 * own region, not with the bytes after them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';

async function openSample(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('probe-panel')).toBeVisible();
}

/** Screen coordinates of a point of the probe canvas, given in canvas pixels from its top-left corner. */
async function onCanvas(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const canvas = page.getByTestId('probe-canvas');
  const box = (await canvas.boundingBox())!;
  return { x: box.x + x, y: box.y + y };
}

/** The pixel the readout shows after the pointer moves to a point of the canvas. */
async function hoverAt(page: Page, x: number, y: number): Promise<{ x: number; y: number; pinned: string | null }> {
  const at = await onCanvas(page, x, y);
  await page.mouse.move(at.x, at.y);
  const xy = page.getByTestId('probe-xy');
  await expect(xy).toBeVisible();
  return {
    x: Number(await xy.getAttribute('data-x')),
    y: Number(await xy.getAttribute('data-y')),
    pinned: await xy.getAttribute('data-pinned'),
  };
}

test('zooming keeps the pinned pixel in place, and hovering still reads while a pin is held', async ({
  page,
  served,
}) => {
  await openSample(page, served.url);
  await page.getByTestId('probe-x').fill('100');
  await page.getByTestId('probe-y').fill('50');
  await page.getByTestId('probe-go').click();
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '16');
  const canvas = page.getByTestId('probe-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const width = Number(await canvas.getAttribute('width'));
  const height = Number(await canvas.getAttribute('height'));
  // The pin, centred by the jump, moved 5 pixels right with the keys: now 80 screen pixels right of the centre.
  await canvas.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('probe-xy')).toHaveAttribute('data-x', '105');
  const pin = { x: width / 2 + 5 * 16, y: height / 2 };
  expect(await hoverAt(page, pin.x, pin.y)).toEqual({ x: 105, y: 50, pinned: 'true' });

  // Hovering elsewhere: the readout follows the pointer and says where the pin is.
  const elsewhere = await hoverAt(page, 40, 40);
  expect(elsewhere.pinned).toBe('false');
  expect(elsewhere.x).toBeLessThan(100);
  await expect(page.getByTestId('probe-pin-note')).toContainText('pinned at x 105, y 50');
  // The pointer leaves: the pin's reading comes back.
  const off = await onCanvas(page, -30, -30);
  await page.mouse.move(off.x, off.y);
  await expect(page.getByTestId('probe-xy')).toHaveAttribute('data-x', '105');
  await expect(page.getByTestId('probe-xy')).toHaveAttribute('data-pinned', 'true');

  // The + button zooms about the pin: the pixel under the pin's place on screen is still the pin.
  await page.getByTestId('probe-zoom-in').click();
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '32');
  expect(await hoverAt(page, pin.x, pin.y)).toEqual({ x: 105, y: 50, pinned: 'true' });

  // So does the wheel, with the pointer far from the pin.
  await hoverAt(page, 30, height - 30);
  await page.mouse.wheel(0, 100);
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '16');
  expect(await hoverAt(page, pin.x, pin.y)).toEqual({ x: 105, y: 50, pinned: 'true' });

  // Without a pin, the wheel keeps the pixel under the pointer where it is.
  await page.mouse.click((await onCanvas(page, pin.x, pin.y)).x, (await onCanvas(page, pin.x, pin.y)).y);
  await expect(page.getByTestId('probe-pin-note')).toBeHidden();
  const corner = await hoverAt(page, 60, 60);
  expect(corner.pinned).toBe('false');
  await page.mouse.wheel(0, -100);
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '32');
  // (Within a pixel: the point may lie on a pixel's edge. Zooming about the centre would move it ~9 pixels.)
  const after = await hoverAt(page, 60, 60);
  expect(Math.abs(after.x - corner.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(after.y - corner.y)).toBeLessThanOrEqual(1);
});

test('on software frames the hidden rows of the layout drawing answer with their own region', async ({
  page,
  served,
}) => {
  await openSample(page, served.url);
  await expect(page.getByTestId('separate-allocations')).toBeVisible();
  await page.getByTestId('layout-svg').scrollIntoViewIfNeeded();
  const tooltip = page.getByTestId('layout-tooltip');
  for (const [kind, words] of [
    ['coded-rows', 'Y · coded but not displayed (rows)'],
    ['allocator-rows', 'Y · allocator padding'],
  ] as const) {
    const box = (await page.getByTestId(`layout-block-${kind}-0`).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(tooltip, kind).toContainText(words);
    await expect(tooltip, kind).not.toContainText('outside any plane');
  }
  // The bytes after the last row keep a band of their own, below the hidden rows.
  const tail = (await page.getByTestId('layout-target-tail-0').boundingBox())!;
  await page.mouse.move(tail.x + tail.width / 2, tail.y + tail.height / 2);
  await expect(tooltip).toContainText('Y · outside any plane (after the last row)');
});
