/**
 * The pixel probe and the layout drawing under the pointer, in Chromium against serve mode on the sample (software
 * frames: each plane in a buffer of its own). Zooming keeps the pinned pixel where it is on screen; hovering keeps
 * updating the readout while a pin is held; the thin bands of hidden rows in the layout drawing answer with their
 * own region, not with the bytes after them. The channel and range views draw what the raw samples predict.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { openPath, probe } from '../support/e2e/memory-reads';
import { screenshotPath } from '../support/live/serve';
import { fixture } from '../support/paths';

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

/** The contrast ratio of two sRGB colours (WCAG's definition). */
function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]): number => {
    const [r = 0, g = 0, bl = 0] = rgb.map((c) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

test('from 16× a grid lies between the pixels, from 32× each pixel’s value is written in it, legible on every sample', async ({
  page,
  served,
}) => {
  await openSample(page, served.url);
  await expect(page.getByTestId('probe-grid')).toHaveCount(0);
  // The edge of a letter of the title: dark, light and the grey between, side by side.
  await page.getByTestId('probe-x').fill('262');
  await page.getByTestId('probe-y').fill('962');
  await page.getByTestId('probe-go').click();
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '16');
  await expect(page.getByTestId('probe-grid')).toBeVisible();
  await expect(page.getByTestId('probe-value')).toHaveCount(0);
  await page.getByTestId('probe-zoom-in').click();
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '32');
  await expect(page.getByTestId('probe-sample-0')).toBeVisible();
  const pinned = page.locator('[data-testid="probe-value"][data-x="262"][data-y="962"]');
  await expect(pinned).toHaveText(String(await page.getByTestId('probe-sample-0').getAttribute('data-value')));

  // Every value against the pixel the canvas drew under it: 4.5:1 or more (WCAG AA for text).
  const labels = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="probe-canvas"]')!;
    const context = canvas.getContext('2d')!;
    return Array.from(document.querySelectorAll<HTMLElement>('[data-testid="probe-value"]')).map((label) => {
      const left = Number.parseFloat(label.style.left);
      const top = Number.parseFloat(label.style.top);
      const size = Number.parseFloat(label.style.width);
      const x = Math.min(canvas.width - 1, Math.max(0, Math.floor(left + size / 2)));
      const y = Math.min(canvas.height - 1, Math.max(0, Math.floor(top + size / 2)));
      const pixel = Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
      const colour = (getComputedStyle(label).color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      return { text: label.textContent ?? '', tone: label.dataset.tone, pixel, colour, inside: x > 0 && y > 0 };
    });
  });
  expect(labels.length).toBeGreaterThan(100);
  const tones = new Set(labels.map((label) => label.tone));
  expect([...tones].sort(), 'both dark and light samples in view').toEqual(['dark', 'light']);
  for (const label of labels.filter((l) => l.inside)) {
    expect(contrast(label.colour, label.pixel), `${label.text} on rgb(${label.pixel.join(', ')})`).toBeGreaterThan(4.5);
  }
  await page.getByTestId('probe-panel').screenshot({ path: screenshotPath('probe-grid-values') });
});

test('the x and y fields follow the pick, typing moves it, Escape and Unpin drop it, Copy copies the readout', async ({
  page,
  context,
  served,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSample(page, served.url);
  await page.getByTestId('probe-x').fill('100');
  await page.getByTestId('probe-y').fill('50');
  await page.getByTestId('probe-go').click();
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '16');
  const canvas = page.getByTestId('probe-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const width = Number(await canvas.getAttribute('width'));
  const height = Number(await canvas.getAttribute('height'));

  // A click three pixels right and two down of the centred pin pins that pixel; the fields say where.
  const at = await onCanvas(page, width / 2 + 3 * 16, height / 2 + 2 * 16);
  await page.mouse.click(at.x, at.y);
  const xy = page.getByTestId('probe-xy');
  const [x, y] = [Number(await xy.getAttribute('data-x')), Number(await xy.getAttribute('data-y'))];
  expect([x, y]).toEqual([103, 52]);
  await expect(page.getByTestId('probe-x')).toHaveValue('103');
  await expect(page.getByTestId('probe-y')).toHaveValue('52');
  await page.mouse.move(0, 0);
  await canvas.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('probe-x')).toHaveValue('102');
  await expect(page.getByTestId('probe-y')).toHaveValue('53');

  // Typing a place moves the pin there, Enter or not.
  await page.getByTestId('probe-x').fill('40');
  await expect(xy).toHaveAttribute('data-x', '40');
  await expect(xy).toHaveAttribute('data-y', '53');
  await expect(xy).toHaveAttribute('data-pinned', 'true');

  // Copy: the readout as text.
  await expect(page.getByTestId('probe-sample-0')).toBeVisible();
  await page.getByTestId('probe-copy').click();
  await expect(page.getByTestId('probe-copy-state')).toHaveText('copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const value = await page.getByTestId('probe-sample-0').getAttribute('data-value');
  expect(copied).toContain('pixel: x 40, y 53 · plane Y · pinned');
  expect(copied).toMatch(/^offset: row × pitch \+ x × bytes per pixel = 53 × \d+ \+ 40 × 1 = \d+$/m);
  expect(copied).toMatch(/^FFmpeg: 0x[0-9a-f]+ = data\[0\] \+ \d+$/m);
  expect(copied).toContain('region: visible');
  expect(copied).toMatch(new RegExp(`^raw: Y: 0x[0-9a-f]{2} = ${value}$`, 'm'));

  // Escape in the view unpins; so does Escape on the page; not while the help is open (Escape closes it).
  await canvas.focus();
  await page.keyboard.press('Escape');
  await expect(xy).toBeHidden();
  await expect(page.getByTestId('probe-unpin')).toBeHidden();
  await page.getByTestId('probe-go').click();
  await expect(xy).toHaveAttribute('data-pinned', 'true');
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toBeVisible();
  await expect(page.getByTestId('help-overlay')).toContainText('move the pin by one pixel');
  await expect(page.getByTestId('help-overlay')).toContainText('unpin');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help-overlay')).toBeHidden();
  await expect(xy).toHaveAttribute('data-pinned', 'true');
  await page.keyboard.press('Escape');
  await expect(xy).toBeHidden();

  // The Unpin button, shown while a pixel is pinned.
  await page.getByTestId('probe-go').click();
  await expect(xy).toHaveAttribute('data-pinned', 'true');
  await page.getByRole('button', { name: /^Unpin the pixel at x 40, y 53/ }).click();
  await expect(xy).toBeHidden();
  await expect(canvas).toBeFocused();
});

/** The canvas's pixel under the middle of pixel (x, y)'s square, and the value written there (32× and up). */
async function drawnAt(page: Page, x: number, y: number): Promise<{ rgb: number[]; text: string } | null> {
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="probe-canvas"]')!;
      const label = document.querySelector<HTMLElement>(`[data-testid="probe-value"][data-x="${px}"][data-y="${py}"]`);
      if (label === null) return null;
      const size = Number.parseFloat(label.style.width);
      const cx = Math.floor(Number.parseFloat(label.style.left) + size / 2);
      const cy = Math.floor(Number.parseFloat(label.style.top) + size / 2);
      const rgb = Array.from(canvas.getContext('2d')!.getImageData(cx, cy, 1, 1).data.slice(0, 3));
      return { rgb, text: label.textContent ?? '' };
    },
    [x, y],
  );
}

/** The readout's raw sample i: its word and value. */
async function rawOf(page: Page, i: number): Promise<{ word: string; value: number }> {
  const sample = page.getByTestId(`probe-sample-${i}`);
  await expect(sample).toBeVisible();
  return {
    word: (await sample.getAttribute('data-word')) ?? '',
    value: Number(await sample.getAttribute('data-value')),
  };
}

test('the channel and range views draw what the readout’s raw sample predicts, on the 10-bit clip, and stay while frames step', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSample(page, served.url);
  await openPath(page, fixture('hevc-main10-1280x720.mp4'));
  // Software decode here gives yuv420p10le (the 10 bits low in each word); NVDEC gives P010 (high): the bits text
  // says which, and the view's value button names the same.
  // A pixel at the edge of a block of testsrc2's pattern, other samples above and below it in view.
  const [x, y] = [900, 300];
  await probe(page, 0, x, y);
  await page.getByTestId('probe-zoom-in').click();
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '32');
  const grey = (level: number) => [level, level, level];
  const p010 = (await page.getByTestId('probe-bits').textContent())?.includes('high bits') ?? false;
  await expect(page.getByTestId('probe-repr-value')).toHaveText(p010 ? 'value (P010 >> 6)' : 'value (word & 0x3ff)');
  const luma = await rawOf(page, 0);
  expect(Number(luma.word)).toBe(p010 ? luma.value << 6 : luma.value);

  // Full scale: the 10-bit value scaled to 8 bits; the value written in the pixel.
  await expect.poll(() => drawnAt(page, x, y)).toEqual({ rgb: grey(luma.value >> 2), text: String(luma.value) });

  // Stretch: the least and greatest sample of the tiles read, said, mapped to 0–255 (read together with the pixel,
  // as tiles still arriving widen the span).
  await page.getByTestId('probe-range-stretch').click();
  const stretch = page.getByTestId('probe-stretch');
  const stretchedView = async () => {
    const [min, max] = [Number(await stretch.getAttribute('data-min')), Number(await stretch.getAttribute('data-max'))];
    const drawn = await drawnAt(page, x, y);
    return { min, max, said: await stretch.textContent(), drawn };
  };
  await expect
    .poll(async () => {
      const { min, max, said, drawn } = await stretchedView();
      const level = Math.round(((luma.value - min) * 255) / (max - min));
      return max > min && said === `stretch ${min}…${max} → 0…255` && drawn?.rgb.join() === grey(level).join();
    })
    .toBe(true);
  const { min, max, drawn } = await stretchedView();
  expect(min).toBeLessThan(luma.value);
  expect(max).toBeGreaterThan(luma.value);
  expect(drawn?.text).toBe(String(luma.value));

  // The word as stored: its high byte, what an 8-bit read of the bytes sees; the word written in hex.
  await page.getByTestId('probe-range-full').click();
  await page.getByTestId('probe-repr-word').click();
  // Said in words too, since an export leaves the buttons out.
  await expect(page.getByTestId('probe-view-said')).toHaveText('drawn: words as stored');
  await expect.poll(() => drawnAt(page, x, y)).toEqual({ rgb: grey(Number(luma.word) >> 8), text: luma.word });
  await page.getByTestId('probe-panel').screenshot({ path: screenshotPath('probe-views-word') });

  // The choice stays while frames step: the next frame's pixel drawn as its word too.
  await page.getByTestId('frame-input').fill('1');
  await page.getByTestId('go-frame').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 1 of ');
  await expect(page.getByTestId('probe-repr-word')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('probe-xy')).toHaveAttribute('data-x', String(x));
  const next = await rawOf(page, 0);
  await expect.poll(() => drawnAt(page, x, y)).toEqual({ rgb: grey(Number(next.word) >> 8), text: next.word });

  // Chroma: interleaved (P010) offers U and V, U only and V only; planar chroma is its own channel and says so.
  const cx = 100;
  const cy = 60;
  if (p010) {
    await probe(page, 1, cx, cy);
    await page.getByTestId('probe-zoom-in').click();
    await page.getByTestId('probe-repr-value').click();
    const [u, v] = [await rawOf(page, 0), await rawOf(page, 1)];
    await page.getByTestId('probe-channel-0').click();
    await expect.poll(() => drawnAt(page, cx, cy)).toEqual({ rgb: grey(u.value >> 2), text: String(u.value) });
    await page.getByTestId('probe-channel-1').click();
    await expect.poll(() => drawnAt(page, cx, cy)).toEqual({ rgb: grey(v.value >> 2), text: String(v.value) });
  } else {
    await probe(page, 1, cx, cy);
    await expect(page.getByTestId('probe-channel-one')).toHaveText('channel: U (one component)');
    await expect(page.getByTestId('probe-channel-0')).toHaveCount(0);
  }

  // The control passes axe in both themes, with every part of it shown.
  await page.getByTestId('probe-range-stretch').click();
  await expect(page.getByTestId('probe-stretch')).toHaveAttribute('data-min', /\d/);
  const found = async (): Promise<string[]> => {
    const results = await new AxeBuilder({ page }).include('[data-testid="probe-view"]').analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  };
  expect(await found()).toEqual([]);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await found()).toEqual([]);
  await page.getByTestId('probe-panel').screenshot({ path: screenshotPath('probe-views-stretch') });
});

test('the probe’s view control is one Tab stop with the arrow keys inside', async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSample(page, served.url);
  const control = page.getByTestId('probe-view');
  const buttons = control.getByRole('button');
  await expect(buttons).toHaveText(['full scale', 'stretch']);
  await page.getByTestId('probe-range-full').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('probe-range-stretch')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('probe-range-stretch')).toHaveAttribute('aria-pressed', 'true');
  // Only the button last used is in the tab order.
  await expect(page.getByTestId('probe-range-full')).toHaveAttribute('tabindex', '-1');
  await expect(page.getByTestId('probe-range-stretch')).toHaveAttribute('tabindex', '0');
  // The arrow keys moved inside the control: the frame did not step.
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 0 of ');
  await page.keyboard.press('Tab');
  await expect(control.locator(':focus')).toHaveCount(0);
  // The help lists the control's keys.
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('?');
  const help = page.getByTestId('help-overlay');
  await expect(help).toContainText('Probe view: channel and range (one Tab stop)');
  await expect(help).toContainText('move between U and V, U only, V only, full scale, stretch, value, word');
});
