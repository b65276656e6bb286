/**
 * One screen per question, in Chromium against serve mode: the panel bar's keys (1–9) bring the panel that answers
 * each question (is the wrap right, where are the bytes, what does this pixel hold, what differs between A and B)
 * to the top of the window under the frame bar, the panel and its answer wholly inside 1280×800; screenshots of each
 * at 1000×800, 1280×800 and 1920×1080; the page's height per layout recorded in docs/rendering-heights.json and .md;
 * axe over the new controls; and the stops from the frame bar to the probe, at most 10 with Tab alone.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { openAnotherClipAsB, openSample, readAFromGpuCapture } from '../support/e2e/open-sample';
import { screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';

const SIZES = [
  { width: 1000, height: 800 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** The window widths (800 px tall) at which the A/B panel fits the window under the frame bar. */
const AB_FITS: readonly number[] = [1000, 1280];

/**
 * The questions, each with the key of the panel that answers it and the parts of that panel that hold the answer:
 * the identity panel's verdict, its plane pointers and the proof (the allocation's facts wait behind their summary line);
 * the whole hex and probe panels; the layout panel's drawing and its NVCV verdict with the reason (its insets wait
 * behind their summary line); the A/B panel's count and table of differing fields (the plane pictures beside each
 * other under it). At 1280×800 each whole panel fits the window under the frame bar too, and at 1000×800 each but the
 * layout panel's.
 */
const QUESTIONS = [
  {
    name: 'identity',
    question: 'which frame and file is this?',
    key: '2',
    fitsAt: [1000, 1280],
    panel: 'identity-panel',
    answer: ['overall-badge', 'plane-row-0', 'disclosure-identity-details', 'aliasing-proof'],
  },
  {
    name: 'wrap',
    question: 'is the wrap right?',
    key: '3',
    fitsAt: [1280],
    panel: 'layout-panel',
    answer: ['layout-svg', 'verdict-image', 'nvcv-format', 'wrap-reason'],
  },
  {
    name: 'bytes',
    question: 'where are the bytes?',
    key: '5',
    fitsAt: [1000, 1280],
    panel: 'hex-panel',
    answer: ['hex-panel'],
  },
  {
    name: 'pixel',
    question: 'what does this pixel hold?',
    key: '4',
    fitsAt: [1000, 1280],
    panel: 'probe-panel',
    answer: ['probe-panel'],
  },
  {
    name: 'ab',
    question: 'what differs between A and B?',
    key: '7',
    fitsAt: AB_FITS,
    panel: 'ab-panel',
    answer: ['ab-source', 'ab-changed', 'ab-table-scroll', 'ab-table'],
  },
] as const;

/** The panel's box in the window, and the frame bar's bottom. */
async function placeOf(page: Page, testId: string) {
  return page.evaluate((id) => {
    const r = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    const bar = document.querySelector('nav.navbar')!.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, barBottom: bar.bottom, height: window.innerHeight };
  }, testId);
}

/**
 * Holds that the A/B panel, reached with its key, lies whole in the window under the frame bar at each size it must
 * fit: its source lines one line each (a long one cut, its whole in the title), the count, the table's own scroll
 * region with the first differing field in sight and the last reached by scrolling inside the panel.
 */
async function fitsOneScreen(page: Page, what: string): Promise<void> {
  for (const size of SIZES.filter((s) => AB_FITS.includes(s.width))) {
    const at = `${what} at ${size.width}×${size.height}`;
    await page.setViewportSize(size);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('7');
    await expect(page.getByTestId('ab-panel')).toBeFocused();
    for (const part of ['ab-panel', 'ab-source', 'ab-source-a', 'ab-source-b', 'ab-changed', 'ab-table-scroll']) {
      const box = await placeOf(page, part);
      expect(box.top, `${at} ${part}`).toBeGreaterThanOrEqual(box.barBottom - 1);
      expect(box.bottom, `${at} ${part}`).toBeLessThanOrEqual(box.height);
    }
    // The table's own scroll at its top (a scroll left from before stays as the user left it).
    await page.getByTestId('ab-table-scroll').evaluate((region) => region.scrollTo({ top: 0 }));
    await expect(page.locator('[data-testid^="ab-row-"][data-changed="true"]').first()).toBeInViewport();
    for (const side of ['ab-source-a', 'ab-source-b']) {
      const line = await page.getByTestId(side).evaluate((li) => ({
        height: li.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(li).lineHeight),
        cut: li.scrollWidth > li.clientWidth,
        whole: li.getAttribute('title') === li.textContent,
      }));
      expect(line.height, `${at} ${side} is one line`).toBeLessThan(line.lineHeight * 1.5);
      expect(line.whole, `${at} ${side}'s title holds the whole line`).toBe(true);
      if (side === 'ab-source-b') expect(line.cut, `${at} the long name is cut`).toBe(true);
    }
    const last = page.locator('[data-testid^="ab-row-"][data-changed="true"]').last();
    await last.scrollIntoViewIfNeeded();
    const row = (await last.boundingBox())!;
    const region = (await page.getByTestId('ab-table-scroll').boundingBox())!;
    expect(row.y + row.height, `${at} the last differing field inside the panel`).toBeLessThanOrEqual(
      region.y + region.height + 1,
    );
    await page.getByTestId('ab-table-scroll').evaluate((region) => region.scrollTo({ top: 0 }));
    await page.keyboard.press('7');
    await page.screenshot({
      path: screenshotPath(`question-ab-${what.replaceAll(' ', '-')}-${size.width}x${size.height}`),
    });
  }
}

test('each question is answered on one screen at 1280×800 (and but the layout at 1000×800): the panel bar brings its panel under the frame bar', async ({
  page,
  served,
}) => {
  // A is frame 0, B frame 1: the A/B panel has something to say.
  await openSample(page, served, { abPair: true });
  // Differences only by default, the equal fields one click away.
  await expect(page.locator('[data-testid^="ab-row-"][data-changed="false"]').first()).toBeHidden();
  await expect(page.locator('[data-testid^="ab-row-"][data-changed="true"]').first()).toBeVisible();

  const heights: Record<string, { pageHeight: number; panels: Record<string, number> }> = {};
  for (const size of SIZES) {
    const at = `${size.width}×${size.height}`;
    await page.setViewportSize(size);
    const panels: Record<string, number> = {};
    for (const q of QUESTIONS) {
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press(q.key);
      await expect(page.getByTestId(q.panel)).toBeFocused();
      const place = await placeOf(page, q.panel);
      panels[q.panel] = Math.round(place.bottom - place.top);
      if ((q.fitsAt as readonly number[]).includes(size.width)) {
        // Wholly in the window, below the sticky frame bar: no scrolling needed to read the answer, nor the rest of
        // its panel.
        for (const part of [q.panel, ...q.answer]) {
          const box = await placeOf(page, part);
          expect(box.top, `${at} ${q.question} ${part}`).toBeGreaterThanOrEqual(box.barBottom - 1);
          expect(box.bottom, `${at} ${q.question} ${part}`).toBeLessThanOrEqual(box.height);
        }
        if (q.name === 'ab') {
          // Two frames of one file: every differing field in sight at once, nothing left to scroll inside the panel.
          const inner = await page
            .getByTestId('ab-table-scroll')
            .evaluate((region) => region.scrollHeight - region.clientHeight);
          expect(inner, `${at} the table's differing fields all in sight`).toBeLessThanOrEqual(0);
        }
      }
      await page.screenshot({ path: screenshotPath(`question-${q.name}-${size.width}x${size.height}`) });
    }
    heights[at] = {
      pageHeight: await page.evaluate(() => document.documentElement.scrollHeight),
      panels,
    };
  }

  // The equal fields come back with one click.
  await page.setViewportSize({ width: 1280, height: 800 });
  const shown = page.getByTestId('ab-show-equal');
  await expect(shown).toHaveText(/Show the \d+ equal fields?/);
  await shown.click();
  await expect(page.locator('[data-testid^="ab-row-"][data-changed="false"]').first()).toBeVisible();
  const withEqual = await page.evaluate(() => document.documentElement.scrollHeight);
  await shown.click();

  await writeFile(
    path.join(ROOT, 'docs', 'rendering-heights.json'),
    `${JSON.stringify({ measured: 'Chromium, serve mode, sample.mp4 with A = frame 0, B = frame 1', heights, abWithEqualFieldsAt1280: withEqual }, null, 2)}\n`,
  );
  const lines = [
    '# Page height per layout',
    '',
    'Written by `test/e2e/panels.spec.ts` (Chromium, serve mode, the sample with A = frame 0 and B = frame 1, A/B',
    'showing differences only). Each panel that answers a question is reached with its key of the panel bar; at',
    '1280×800 the test holds that the whole panel lies in the window under the frame bar, and with it the answer:',
    "the identity panel's verdict, plane pointers and proof, the hex and probe panels, the layout drawing with its",
    'NVCV verdict, and the A/B count with its table of differing fields. At 1000×800 it holds the same for every',
    'panel but the layout panel, whose drawing and legend stand side by side and need more height there.',
    '',
    "The identity panel's allocation facts and the layout panel's insets wait behind their summary lines. The A/B",
    "panel, differences only, is never taller than the window under the frame bar: each side's source is one line",
    '(cut, with the whole line in its title), the plane pictures sit side by side under the table, and the table',
    'takes the room left, scrolling inside the panel when more fields differ than fit (the test holds this for two',
    "different files, one under a long name, and for the H200's capture against a file).",
    '',
    '| layout | page height (px) | identity panel | layout panel | hex panel | probe panel | A/B panel |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...Object.entries(heights).map(
      ([at, h]) =>
        `| ${at} | ${h.pageHeight} | ${h.panels['identity-panel']} | ${h.panels['layout-panel']} | ${h.panels['hex-panel']} | ${h.panels['probe-panel']} | ${h.panels['ab-panel']} |`,
    ),
    '',
    `With the A/B panel's equal fields shown, the page at 1280×800 is ${withEqual} px tall.`,
    '',
  ];
  await writeFile(path.join(ROOT, 'docs', 'rendering-heights.md'), lines.join('\n'));
});

test('the A/B panel fits one screen for two different files too: each source a line, the table scrolling inside', async ({
  page,
  served,
}) => {
  // A is the sample's frame 0; B another clip under a long name: every layout field differs, and each source line is
  // longer than the panel is wide.
  const long = await openAnotherClipAsB(
    page,
    served,
    `another-clip-${'with-a-name-longer-than-any-window-'.repeat(3)}1080p.mp4`,
  );
  await expect(page.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'different');
  await expect(page.getByTestId('ab-source-b')).toHaveAttribute(
    'title',
    new RegExp(`^B: ${path.basename(long)} · sha256 `),
  );

  await fitsOneScreen(page, 'two files');

  // A from the H200's capture of the sample, with its device in the side's words: NVDEC's NV12 against software
  // decode's three planes, so that more fields differ than the panel has room for.
  await readAFromGpuCapture(page, served);
  await expect(page.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'different');
  const overflows = await page
    .getByTestId('ab-table-scroll')
    .evaluate((region) => region.scrollHeight > region.clientHeight);
  expect(overflows, 'more differing fields than fit: the table scrolls inside the panel').toBe(true);
  await fitsOneScreen(page, 'a capture and a file');
  const axe = await new AxeBuilder({ page }).include('[data-testid="ab-panel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the panel bar and the skip link pass axe, and the probe is at most 10 keys from the frame bar', async ({
  page,
  served,
}) => {
  await openSample(page, served);

  // The skip link is the page's first Tab stop and moves focus to the frame view.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-to-frame-view')).toBeFocused();
  await expect(page.getByTestId('skip-to-frame-view')).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('panels')).toBeFocused();

  const results = await new AxeBuilder({ page }).include('.panel-bar').include('.skip-link').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Into the frame bar, whose first stop is the panel bar (one stop for all nine buttons): arrows to Probe, Enter, Tab
  // into the probe.
  await page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('nav.navbar')!;
    bar.setAttribute('tabindex', '-1');
    bar.focus();
    bar.removeAttribute('tabindex');
  });
  let keys = 0;
  while (!(await page.getByTestId('jump-1').evaluate((b) => b === document.activeElement))) {
    await page.keyboard.press('Tab');
    keys += 1;
    expect(keys, 'Tab presses to reach the panel bar').toBeLessThanOrEqual(10);
  }
  for (let i = 1; i < 4; i += 1) {
    await page.keyboard.press('ArrowRight');
    keys += 1;
  }
  await expect(page.getByTestId('jump-4')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  keys += 2;
  const inProbe = await page
    .getByTestId('probe-panel')
    .evaluate((panel) => panel.contains(document.activeElement) && panel !== document.activeElement);
  expect(inProbe, 'focus is on a control of the probe').toBe(true);
  expect(keys, 'keys from the frame bar to the probe').toBeLessThanOrEqual(10);
  // The panel bar is one Tab stop: only its chosen button is in the tab order.
  expect(await page.locator('.panel-bar button[tabindex="0"]').count()).toBe(1);
});

test('a collapsed panel keeps only its head, stays collapsed after a reload, and its key opens it again', async ({
  page,
  served,
}) => {
  await openSample(page, served);
  const layout = page.getByTestId('layout-panel');
  const toggle = page.getByTestId('collapse-layout');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const open = (await layout.boundingBox())!.height;
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('layout-svg')).toBeHidden();
  const closed = (await layout.boundingBox())!.height;
  expect(closed).toBeLessThan(80);
  expect(closed).toBeLessThan(open / 4);
  const axe = await new AxeBuilder({ page }).include('.panel-head').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // A fresh page: the serve fixture opened the sample once, so the page opens it again by its path.
  await page.reload();
  await page.getByTestId('path-input').fill(CLIPS.sample);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('collapse-layout')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('layout-svg')).toBeHidden();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('3');
  await expect(page.getByTestId('layout-svg')).toBeVisible();
  await expect(page.getByTestId('collapse-layout')).toHaveAttribute('aria-expanded', 'true');
});

test('Tab alone goes from the frame bar to the probe past groups of one stop each', async ({ page, served }) => {
  await openSample(page, served);
  await page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('nav.navbar')!;
    bar.setAttribute('tabindex', '-1');
    bar.focus();
    bar.removeAttribute('tabindex');
  });
  const stops: string[] = [];
  const inProbe = () => page.getByTestId('probe-panel').evaluate((panel) => panel.contains(document.activeElement));
  while (!(await inProbe()) && stops.length < 200) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return a?.dataset.testid ?? a?.className.toString() ?? '?';
      }),
    );
  }
  expect(await inProbe()).toBe(true);
  expect(stops.length, `Tab stops from the frame bar to the probe: ${stops.join(', ')}`).toBeLessThanOrEqual(10);
  // The layout drawing's blocks are one stop; the insets wait shut behind their summary, off the way.
  expect(stops.filter((s) => s.startsWith('layout-block') || s.startsWith('layout-target'))).toHaveLength(1);
  expect(stops.filter((s) => s === 'inset-band')).toHaveLength(0);
  // A panel's buttons are one stop: from its stop the arrow keys reach the others, and only one is in the tab order.
  const identity = page.getByTestId('identity-panel');
  await page.getByTestId('collapse-identity').focus();
  await page.keyboard.press('ArrowDown');
  expect(
    await identity.evaluate((panel) => panel.contains(document.activeElement) && document.activeElement?.tagName),
  ).toBe('BUTTON');
  await expect(page.getByTestId('collapse-identity')).not.toBeFocused();
  expect(await identity.locator('[tabindex="0"]').count()).toBe(1);
  // Opened, each of the three insets' bands is one stop between the summary and the probe.
  await page.getByTestId('disclosure-layout-insets').click();
  await expect(page.getByTestId('layout-insets')).toBeVisible();
  await expect(page.getByTestId('disclosure-layout-insets')).toBeFocused();
  const bands: string[] = [];
  while (!(await inProbe()) && bands.length < 20) {
    await page.keyboard.press('Tab');
    bands.push(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.className ?? '?'));
  }
  expect(bands.filter((s) => s === 'inset-band')).toHaveLength(3);
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="layout-panel"] .disclosure')
    .include('.nav-controls')
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // Inside a group the arrow keys move: from the first block to the next one, without stepping the frame.
  const frame = await page.getByTestId('frame-label').textContent();
  await page.locator('.layout-drawing rect[tabindex="0"]').focus();
  const first = await page.evaluate(() => (document.activeElement as SVGElement).dataset.testid);
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => (document.activeElement as SVGElement).dataset.testid)).not.toBe(first);
  await expect(page.getByTestId('frame-label')).toHaveText(frame ?? '');
  expect(await page.locator('.layout-drawing rect[tabindex="0"]').count()).toBe(1);
});
