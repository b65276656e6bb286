/**
 * A page that fits, in Chromium against serve mode at 1000, 1280 and 1920 px: no horizontal scroll, toolbar controls
 * that never overlap, a frame bar that stays on screen while the panels scroll, rows of panels that fill the width,
 * the frame's three answers (do the pointers match, is the wrap valid, where is the chroma) on the first screen, and
 * the progress of long work never over a control.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MEMORY_SAMPLE_KINDS } from '../../contract/capture';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';

interface Box {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const SIZES = [
  { width: 1000, height: 800 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** Every visible control of the top bar and the frame bar, with its box on the page. */
async function controls(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>('header.topbar :is(button, input), nav.navbar :is(button, input)'),
    )
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        const r = element.getBoundingClientRect();
        const name = element.dataset.testid ?? element.textContent?.trim() ?? element.tagName;
        return { name, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
  );
}

/** The pairs of boxes that overlap by more than a hair. */
function overlaps(boxes: Box[], others: Box[] = boxes): string[] {
  const found: string[] = [];
  for (const a of boxes) {
    for (const b of others) {
      if (a === b || (others === boxes && a.name >= b.name)) continue;
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5) found.push(`${a.name} × ${b.name}`);
    }
  }
  return found;
}

/** The frame view's rows of panels: the panels side by side in each, and how much of the width they take. */
async function panelRows(page: Page): Promise<{ names: string[]; filled: number }[]> {
  return page.evaluate(() => {
    const main = document.querySelector<HTMLElement>('[data-testid="panels"]')!;
    const style = getComputedStyle(main);
    const inner = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const panels = Array.from(main.querySelectorAll<HTMLElement>('.panel, .answers')).filter(
      (element) => element.parentElement?.closest('.panel') === null,
    );
    const rows = new Map<number, HTMLElement[]>();
    for (const panel of panels) {
      const top = Math.round(panel.getBoundingClientRect().top + window.scrollY);
      rows.set(top, [...(rows.get(top) ?? []), panel]);
    }
    return [...rows.values()].map((row) => {
      const left = Math.min(...row.map((p) => p.getBoundingClientRect().left));
      const right = Math.max(...row.map((p) => p.getBoundingClientRect().right));
      return {
        names: row.map((p) => p.dataset.testid ?? p.className),
        filled: (right - left) / inner,
      };
    });
  });
}

test('the page fits at 1000, 1280 and 1920 px, and the first screen answers', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('identity-panel')).toBeVisible();
  for (const size of SIZES) {
    const at = `${size.width}×${size.height}`;
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));

    // No horizontal scroll: nothing is wider than the window.
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll, at).toBeLessThanOrEqual(widths.client);
    expect(widths.client, at).toBeLessThanOrEqual(widths.inner);

    // The toolbar's controls: none over another, all inside the window.
    const boxes = await controls(page);
    expect(boxes.length, at).toBeGreaterThan(8);
    expect(overlaps(boxes), at).toEqual([]);
    for (const box of boxes) expect(box.right, `${at} ${box.name}`).toBeLessThanOrEqual(size.width);

    // The three answers on the first screen, before any scrolling.
    for (const answer of ['answer-match', 'answer-wrap', 'answer-chroma']) {
      const box = (await page.getByTestId(answer).boundingBox())!;
      expect(box.y, `${at} ${answer}`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${at} ${answer}`).toBeLessThanOrEqual(size.height);
    }
    await expect(page.getByTestId('answer-match-badge')).toHaveText(/POINTERS MATCH/);
    await expect(page.getByTestId('answer-wrap-badge')).toHaveText(/NVCV IMAGE/);
    await expect(page.getByTestId('answer-chroma-badge')).toHaveText(/U, V: ALLOCATIONS OF THEIR OWN/);
    await page.screenshot({ path: screenshotPath(`page-${size.width}x${size.height}`) });

    // Rows of panels fill the width from 1280 px: no empty third beside a panel.
    if (size.width >= 1280) {
      for (const row of await panelRows(page))
        expect(row.filled, `${at} ${row.names.join(' | ')}`).toBeGreaterThan(0.97);
      const identity = (await page.getByTestId('identity-panel').boundingBox())!;
      const code = (await page.getByTestId('copycode-panel').boundingBox())!;
      expect(Math.round(code.y), `${at}: copy as code beside the identity panel`).toBe(Math.round(identity.y));
    }

    // Scrolled to the end, the frame bar is still on screen and still steps.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY), at).toBeGreaterThan(size.height);
    const bar = (await page.getByRole('navigation', { name: 'Frame navigation' }).boundingBox())!;
    expect(bar.y, at).toBeGreaterThanOrEqual(0);
    expect(bar.y, at).toBeLessThan(2);
    const before = await page.getByTestId('frame-label').textContent();
    await page.getByTestId('step-forward').click();
    await expect(page.getByTestId('frame-label'), at).not.toHaveText(before ?? '');
    if (size.width === 1280) await page.screenshot({ path: screenshotPath('page-1280x800-scrolled') });
    await page.getByTestId('step-back').click();
    await expect(page.getByTestId('frame-label'), at).toHaveText(before ?? '');
  }
});

test('the progress of a capture never covers the frame and time fields or another control', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await page.getByTestId('share-button').click();
  await page.getByTestId('capture-path').fill(path.join(served.configDir, 'long.zci'));
  await page.getByTestId('capture-frames').fill('0-95');
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('progress-bar')).toBeVisible();
  await expect(page.getByTestId('progress-indicator')).toContainText('Capturing frame');
  // The Share popover closes on the first click outside it; the fields and controls are then all in view.
  await page.getByTestId('frame-label').click();
  await expect(page.getByTestId('share-panel')).toBeHidden();

  const pill = await page.evaluate(() =>
    ['progress-indicator', 'progress-cancel'].map((name) => {
      const r = document.querySelector(`[data-testid="${name}"]`)!.getBoundingClientRect();
      return { name, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
  const others = (await controls(page)).filter((box) => box.name !== 'progress-cancel');
  expect(overlaps(pill, others)).toEqual([]);
  // The fields answer at their own centre: nothing lies over them.
  for (const field of ['frame-input', 'time-input', 'go-frame', 'go-time', 'step-forward']) {
    const hit = await page.getByTestId(field).evaluate((element) => {
      const r = element.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === element;
    });
    expect(hit, field).toBe(true);
  }
  await page.getByTestId('progress-cancel').click();
  await expect(page.getByTestId('progress-bar')).toBeHidden();
});

test('each memory checkbox of the share popover sits on its label’s line, its words beside it', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByTestId('share-button').click();
    await expect(page.getByTestId('share-panel')).toBeVisible();
    for (const kind of MEMORY_SAMPLE_KINDS) {
      const box = await page.getByTestId(`capture-memory-${kind}`).boundingBox();
      const words = await page.getByTestId(`capture-memory-${kind}-words`).boundingBox();
      if (box === null || words === null) throw new Error(`${kind}: the checkbox or its words are not laid out`);
      const name = `${kind} at ${size.width} px`;
      // Same line: the two boxes overlap vertically, and the words start to the right of the box, not under it.
      expect(Math.min(box.y + box.height, words.y + words.height) - Math.max(box.y, words.y), name).toBeGreaterThan(0);
      expect(words.x, name).toBeGreaterThanOrEqual(box.x + box.width);
      // The label holds its input: clicking the words ticks the box.
      const input = page.getByTestId(`capture-memory-${kind}`);
      const checked = await input.isChecked();
      await page.getByTestId(`capture-memory-${kind}-words`).click();
      await expect(input).toBeChecked({ checked: !checked });
      await page.getByTestId(`capture-memory-${kind}-words`).click();
      await expect(input).toBeChecked({ checked });
    }
    await page.getByTestId('share-close').click();
  }
});
