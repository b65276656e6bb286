/**
 * The hex view in Chromium against serve mode on the sample (software frames, each plane in a buffer of its own):
 * go to an offset, read the units three ways, select with the mouse and copy, the probe's pixel shown as its bytes
 * (highlighted and scrolled into view) and a selected byte probed, and axe's rules on the new controls.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';

async function openSample(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('hex-panel')).toBeVisible();
}

const cell = (page: Page, offset: number) => page.getByTestId(`hex-cell-${offset}`);

/** The text of a cell once its bytes are read. */
async function readCell(page: Page, offset: number): Promise<string> {
  await expect(cell(page, offset)).toHaveAttribute('data-region', /.+/);
  return (await cell(page, offset).textContent()) ?? '';
}

async function goTo(page: Page, text: string): Promise<void> {
  await page.getByTestId('hex-offset').fill(text);
  await page.getByTestId('hex-go').click();
}

test('go to an offset, read it as u8, u16 and P010, select by dragging and copy as hex and as values', async ({
  page,
  context,
  served,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSample(page, served.url);
  // Row 962 of luma (pitch 1920), 256 bytes in: the edge of a letter of the title.
  const base = 962 * 1920 + 256;
  await goTo(page, `0x${base.toString(16)}`);
  await expect(cell(page, base)).toHaveAttribute('data-target', 'true');
  const bytes: number[] = [];
  for (let i = 0; i < 8; i += 1) bytes.push(Number.parseInt(await readCell(page, base + i), 16));
  expect(bytes.every((b) => b >= 0 && b <= 255)).toBe(true);

  // Drag from the first byte to the eighth, and copy.
  await page.getByTestId('hex-panel').scrollIntoViewIfNeeded();
  await cell(page, base).hover();
  await page.mouse.down();
  await cell(page, base + 7).hover();
  await page.mouse.up();
  await expect(page.getByTestId('hex-selection')).toContainText(
    `8 B selected: 0x${base.toString(16).padStart(8, '0')}`,
  );
  await page.getByTestId('hex-copy-hex').click();
  await expect(page.getByTestId('hex-copy-state')).toHaveText('copied');
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hex);

  // The same bytes as little-endian words, and as P010's high 10 bits.
  const words = [0, 2, 4, 6].map((i) => (bytes[i + 1]! << 8) | bytes[i]!);
  await page.getByTestId('hex-as-u16').click();
  for (const [i, word] of words.entries())
    await expect(cell(page, base + 2 * i)).toHaveText(word.toString(16).padStart(4, '0'));
  await page.getByTestId('hex-copy-values').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(words.join(' '));
  await page.getByTestId('hex-as-p010').click();
  for (const [i, word] of words.entries()) await expect(cell(page, base + 2 * i)).toHaveText(String(word >> 6));
  await page.getByTestId('hex-as-u8').click();

  // Shift+arrows extend it from the keyboard; Ctrl+C copies.
  await page.getByTestId('hex-grid').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('hex-selection')).toContainText('9 B selected');
  await page.getByTestId('hex-panel').screenshot({ path: screenshotPath('hex-view') });
  await page.getByTestId('hex-offset').fill('zz');
  await page.getByTestId('hex-go').click();
  await expect(page.getByTestId('hex-offset-error')).toContainText('“zz” is not an offset');
});

test('the probe’s pixel shown as its bytes, highlighted and in view; a selected byte probed', async ({
  page,
  served,
}) => {
  await openSample(page, served.url);
  await page.getByTestId('probe-x').fill('262');
  await page.getByTestId('probe-y').fill('962');
  await page.getByTestId('probe-go').click();
  await expect(page.getByTestId('probe-sample-0')).toBeVisible();
  const value = Number(await page.getByTestId('probe-sample-0').getAttribute('data-value'));
  const offset = Number(await page.getByTestId('probe-offset').getAttribute('data-offset'));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('probe-show-hex').click();
  await expect(cell(page, offset)).toHaveAttribute('data-target', 'true');
  expect(Number.parseInt(await readCell(page, offset), 16)).toBe(value);
  await expect(cell(page, offset)).toBeInViewport();
  await expect(page.getByTestId('hex-offset')).toHaveValue(`0x${offset.toString(16).padStart(8, '0')}`);

  // Back: the byte two to the right is pixel (264, 962); the probe goes there and comes into view.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await cell(page, offset + 2).click();
  await page.getByTestId('hex-probe').click();
  const xy = page.getByTestId('probe-xy');
  await expect(xy).toHaveAttribute('data-x', '264');
  await expect(xy).toHaveAttribute('data-y', '962');
  await expect(xy).toHaveAttribute('data-pinned', 'true');
  await expect(page.getByTestId('probe-canvas')).toBeInViewport();
});

test('the probe’s and the hex view’s controls pass axe’s rules in both themes', async ({ page, served }) => {
  await openSample(page, served.url);
  await page.getByTestId('probe-x').fill('262');
  await page.getByTestId('probe-y').fill('962');
  await page.getByTestId('probe-go').click();
  await page.getByTestId('probe-zoom-in').click();
  await expect(page.getByTestId('probe-value').first()).toBeVisible();
  await page.getByTestId('probe-show-hex').click();
  await expect(page.locator('[data-testid="hex-grid"] [data-target="true"]')).toHaveAttribute('data-region', /.+/);
  const found = (violations: { id: string; nodes: { target: unknown[] }[] }[]): string[] =>
    violations.map((v) => `${v.id}: ${v.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const results = await new AxeBuilder({ page })
      .include('[data-testid="probe-panel"]')
      .include('[data-testid="hex-panel"]')
      .analyze();
    expect(found(results.violations), theme).toEqual([]);
  }
});
