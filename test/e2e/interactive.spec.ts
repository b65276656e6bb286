import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { ROOT } from '../support/paths';

/** Records every frame index the frame indicator shows, from now on, in the page. */
async function recordShownFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: number[] = [];
    (window as unknown as { zciShown: number[] }).zciShown = shown;
    const indicator = document.querySelector('[data-testid="frame-indicator"]');
    if (indicator === null) throw new Error('no frame indicator');
    const note = () => {
      const match = /frame (\d+)/.exec(indicator.textContent ?? '');
      if (match !== null && Number(match[1]) !== shown.at(-1)) shown.push(Number(match[1]));
    };
    note();
    new MutationObserver(note).observe(indicator, { subtree: true, childList: true, characterData: true });
  });
}

const shownFrames = (page: Page) => page.evaluate(() => (window as unknown as { zciShown: number[] }).zciShown);

/** Starts collecting long tasks (over 50 ms) in the page. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const long: number[] = [];
    (window as unknown as { zciLongTasks: number[] }).zciLongTasks = long;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) long.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    performance.clearMeasures('zci-frame-commit');
  });
}

/** The commit measures and long tasks collected so far. */
const timings = (page: Page) =>
  page.evaluate(() => ({
    commits: performance.getEntriesByName('zci-frame-commit', 'measure').map((entry) => entry.duration),
    longTasks: (window as unknown as { zciLongTasks: number[] }).zciLongTasks,
  }));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
}

test('holding the arrow key: the frame shown advances monotonically and ends within 2 frames of the last request', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 0');
  await recordShownFrames(page);
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  // Key repeat at 30 a second for 2 s, as a held key sends it.
  const started = Date.now();
  let presses = 0;
  while (Date.now() - started < 2_000) {
    await page.keyboard.press('ArrowRight');
    presses += 1;
    await page.waitForTimeout(Math.max(0, started + presses * 33 - Date.now()));
  }
  const requested = presses;
  await expect
    .poll(async () => Math.abs((await shownFrames(page)).at(-1)! - requested), { timeout: 30_000 })
    .toBeLessThanOrEqual(2);
  const shown = await shownFrames(page);
  expect(shown.every((frame, k) => k === 0 || frame > shown[k - 1]!)).toBe(true);
  test.info().annotations.push({
    type: 'figure',
    description: `${requested} presses in 2 s; ${shown.length - 1} distinct frames shown, the last ${shown.at(-1)}`,
  });
});

test('rendering a step: React commit time per frame and long tasks, on the GPU capture and on a live fixture', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const results: { source: string; steps: number; p50: number; p95: number; max: number; longTasks: number[] }[] = [];
  const rawResults: { source: string; commitsMs: number[]; longTasksMs: number[] }[] = [];
  const measure = async (source: string, steps: () => Promise<void>) => {
    await watchLongTasks(page);
    await steps();
    const { commits, longTasks } = await timings(page);
    rawResults.push({ source, commitsMs: commits, longTasksMs: longTasks });
    results.push({
      source,
      steps: commits.length,
      p50: percentile(commits, 50),
      p95: percentile(commits, 95),
      max: Math.max(...commits),
      longTasks,
    });
  };
  await page.locator('body').click({ position: { x: 5, y: 790 } });

  await openPath(page, path.join(ROOT, 'assets', 'gpu-capture.zci'));
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await measure('assets/gpu-capture.zci (H200 capture, 3 frames, stepped 60 times)', async () => {
    for (let i = 0; i < 60; i += 1) {
      const before = await page.getByTestId('frame-indicator').textContent();
      await page.keyboard.press(i % 4 < 2 ? 'ArrowRight' : 'ArrowLeft'); // 0, 24, 48, 24, 0, …
      await expect(page.getByTestId('frame-indicator')).not.toHaveText(before ?? '');
    }
  });

  await openPath(page, CLIPS.padded);
  await expect(page.getByTestId('file-name')).toHaveText(path.basename(CLIPS.padded));
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await measure(`${path.basename(CLIPS.padded)} (live, software decode, 46 steps)`, async () => {
    for (let i = 1; i <= 46; i += 1) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('frame-indicator')).toContainText(`frame ${i}`);
    }
  });

  // Figures, never assertions: the suite must pass on a busy machine. The raw measures are kept beside the page.
  const target = (r: (typeof results)[number]) => (r.p50 <= 4 && r.longTasks.length === 0 ? 'met' : 'NOT met');
  const lines = [
    '# Rendering a step',
    '',
    'Measured in Chromium on the machine that ran the tests, by `test/e2e/interactive.spec.ts`: the time from the',
    'store taking a frame answer to React committing it to the page (a performance mark, then a measure in a layout',
    'effect: renderer/src/frame-timing.ts), and every long task (over 50 ms) the page ran meanwhile. The raw measures',
    'are in `rendering.json`; a busy machine shows here, not as a failed test.',
    '',
    '| source | steps | commit p50 ms | p95 ms | max ms | long tasks | target |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.source} | ${r.steps} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(2)} | ${r.longTasks.length === 0 ? 'none' : r.longTasks.map((d) => `${d.toFixed(0)} ms`).join(', ')} | ${target(r)} |`,
    ),
    '',
    'Target: commit p50 ≤ 4 ms and no long task over 50 ms.',
    '',
  ];
  await writeFile(path.join(ROOT, 'docs', 'rendering.md'), lines.join('\n'));
  await writeFile(
    path.join(ROOT, 'docs', 'rendering.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), results: rawResults }, null, 1)}\n`,
  );
  // What must hold on any machine: every step was committed once and measured.
  expect(results.map((r) => r.steps)).toEqual([60, 46]);
});
