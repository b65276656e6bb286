/**
 * The naive single-tensor picture against the correct one, in Chromium against serve mode: the difference image,
 * the A/B flicker key, the PSNR verdict (checked against the test's own figure from the pixels it reads back) and
 * the magnified crop. The naive picture is only made on a GPU; here it comes from what a GPU made: the capture of
 * the sample clip made on an H200 (assets/gpu-capture.zci), and the previews recorded on a GPU (docs/gpu-runs).
 */
import { createHash } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { readCapture } from '../../electron/capture/capture-file';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { recordedPreviews, serveRecordedPreviews } from '../support/e2e/recorded-previews';
import { screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';

const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

/** A canvas's pixels as drawn, read back from the page with getImageData. */
interface Drawn {
  width: number;
  height: number;
  rgb: number[];
}

async function drawn(canvas: Locator): Promise<Drawn> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const rgba = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
    const rgb: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) rgb.push(rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0);
    return { width: c.width, height: c.height, rgb };
  });
}

/** PSNR over every byte, computed here from the two pictures read back. */
function psnrOf(a: Drawn, b: Drawn): number {
  let squares = 0;
  for (let i = 0; i < a.rgb.length; i += 1) squares += ((a.rgb[i] ?? 0) - (b.rgb[i] ?? 0)) ** 2;
  return squares === 0 ? Infinity : 10 * Math.log10((255 * 255 * a.rgb.length) / squares);
}

/** Everything the comparison claims, checked against the pictures it drew. */
async function checkComparison(page: Page): Promise<{ psnr: number; differing: number }> {
  const naive = await drawn(page.getByTestId('wrong-wrap-canvas'));
  const correct = await drawn(page.getByTestId('right-wrap-canvas'));
  const diff = await drawn(page.getByTestId('wrong-wrap-diff'));
  expect(naive.rgb.length).toBeGreaterThan(0);
  expect([naive.width, naive.height]).toEqual([correct.width, correct.height]);

  // The difference image is |naive − correct| × 8, so it is lit exactly where the naive wrap is wrong.
  // (Plain loops with one assertion each: Playwright records every expect as a step.)
  let differing = 0;
  let litWhereRight = 0;
  let darkWhereWrong = 0;
  let offByte = 0;
  for (let i = 0; i < naive.rgb.length; i += 3) {
    const wrong = [0, 1, 2].some((c) => naive.rgb[i + c] !== correct.rgb[i + c]);
    const lit = [0, 1, 2].some((c) => (diff.rgb[i + c] ?? 0) > 0);
    if (wrong) differing += 1;
    if (lit && !wrong) litWhereRight += 1;
    if (wrong && !lit) darkWhereWrong += 1;
  }
  for (let i = 0; i < naive.rgb.length; i += 1) {
    if (diff.rgb[i] !== Math.min(255, Math.abs((naive.rgb[i] ?? 0) - (correct.rgb[i] ?? 0)) * 8)) offByte += 1;
  }
  expect({ litWhereRight, darkWhereWrong, offByte }).toEqual({ litWhereRight: 0, darkWhereWrong: 0, offByte: 0 });
  await expect(page.getByTestId('wrong-wrap-diff-caption')).toHaveText(
    `|naive − correct| × 8 · ${differing.toLocaleString('en-US')} of ${(naive.width * naive.height).toLocaleString('en-US')} pixels differ`,
  );

  // The verdict's figure is the one computed here from the same pixels.
  const psnr = psnrOf(naive, correct);
  const verdict = page.getByTestId('wrong-wrap-verdict');
  if (psnr === Infinity) {
    await expect(verdict).toContainText('the naive view happens to be right');
  } else {
    await expect(verdict).toContainText(
      `naive wrap: ${psnr.toFixed(1)} dB against the correct picture — ${psnr < 35 ? 'visibly wrong' : 'wrong, but hard to see'}`,
    );
  }

  // The crop is the window it names, each pixel 8 × 8, taken from the pictures shown.
  const position = await page.getByTestId('wrong-wrap-crop-position').textContent();
  const match = / x (\d+)–(\d+), y (\d+)–(\d+) of (\d+)×(\d+)/.exec(position ?? '');
  expect(match, position ?? '').not.toBeNull();
  const [left, right, top, bottom] = match!.slice(1, 5).map(Number) as [number, number, number, number];
  expect(match!.slice(5, 7).map(Number)).toEqual([correct.width, correct.height]);
  for (const [testId, source] of [
    ['wrong-wrap-crop-naive', naive],
    ['wrong-wrap-crop-correct', correct],
  ] as const) {
    const crop = await drawn(page.getByTestId(testId));
    expect([crop.width, crop.height]).toEqual([(right - left + 1) * 8, (bottom - top + 1) * 8]);
    let mismatched = 0;
    for (let y = 0; y < crop.height; y += 1) {
      for (let x = 0; x < crop.width; x += 1) {
        const from = ((top + Math.floor(y / 8)) * source.width + left + Math.floor(x / 8)) * 3;
        const to = (y * crop.width + x) * 3;
        if ([0, 1, 2].some((c) => crop.rgb[to + c] !== source.rgb[from + c])) mismatched += 1;
      }
    }
    expect(mismatched, testId).toBe(0);
  }
  return { psnr, differing };
}

/** The flicker key swaps the two pictures in place, and swaps them back. */
async function checkFlicker(page: Page): Promise<void> {
  const firstSlot = page.getByTestId('wrong-wrap-pictures').locator('figure[data-showing]').first();
  const naive = await drawn(page.getByTestId('wrong-wrap-canvas'));
  const correct = await drawn(page.getByTestId('right-wrap-canvas'));
  await expect(firstSlot).toHaveAttribute('data-showing', 'naive');
  expect((await drawn(firstSlot.locator('canvas'))).rgb).toEqual(naive.rgb);
  await page.keyboard.press('f');
  await expect(page.getByTestId('wrong-wrap-compare')).toHaveAttribute('data-swapped', 'true');
  await expect(firstSlot).toHaveAttribute('data-showing', 'correct');
  expect((await drawn(firstSlot.locator('canvas'))).rgb).toEqual(correct.rgb);
  await expect(page.getByTestId('wrong-wrap-flicker')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('f');
  await expect(firstSlot).toHaveAttribute('data-showing', 'naive');
  expect((await drawn(firstSlot.locator('canvas'))).rgb).toEqual(naive.rgb);
}

test('presenter view: the sample clip as captured on an H200, naive against correct', async ({ page, served }) => {
  const capture = (await readCapture(GPU_CAPTURE, GPU_CAPTURE)).manifest;
  expect(capture.source.fileName).toBe('sample.mp4');
  const sample = createHash('sha256')
    .update(await readFile(CLIPS.sample))
    .digest('hex');
  if (capture.source.sha256 !== sample) {
    // The capture is re-made on each GPU run; until then it shows the sample it was made from.
    test.info().annotations.push({ type: 'note', description: 'gpu-capture.zci was made from an earlier sample.mp4' });
  }

  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const copy = path.join(served.configDir, 'gpu-capture.zci');
  await copyFile(GPU_CAPTURE, copy);
  await page.getByTestId('path-input').fill(copy);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('p');
  await expect(page.getByTestId('wrong-wrap')).toHaveAttribute('data-state', 'ready');

  const { psnr, differing } = await checkComparison(page);
  expect(differing).toBeGreaterThan(0);
  expect(psnr).toBeLessThan(35);
  await checkFlicker(page);
  await page.getByTestId('wrong-wrap-crop').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('wrong-wrap-presenter') });

  // The next captured frame brings its own pair, and the comparison follows it.
  const before = await page.getByTestId('wrong-wrap-canvas').getAttribute('data-checksum');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('presenter-frame')).toContainText('(2 of 3 captured)');
  await expect(page.getByTestId('wrong-wrap')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('wrong-wrap-canvas')).not.toHaveAttribute('data-checksum', before ?? '');
  await checkComparison(page);
});

test('operators panel: previews recorded on a GPU for the padded 1080p clip, the rest of the app live', async ({
  page,
  served,
}) => {
  await serveRecordedPreviews(page, recordedPreviews('h264-1080p-420.mp4'));
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const padded = path.join(served.configDir, 'h264-1080p-420.mp4');
  await copyFile(CLIPS.padded, padded);
  await page.getByTestId('path-input').fill(padded);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText('h264-1080p-420.mp4');
  await expect(page.getByTestId('operators-wrong-wrap')).toBeVisible();
  await expect(page.getByTestId('wrong-wrap-reason')).toContainText('it starts at row 1088');

  const { psnr, differing } = await checkComparison(page);
  expect(differing).toBeGreaterThan(0);
  expect(psnr).toBeLessThan(35);
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await checkFlicker(page);
  await page.getByTestId('wrong-wrap-flicker').click();
  await expect(page.getByTestId('wrong-wrap-compare')).toHaveAttribute('data-swapped', 'true');
  await page.getByTestId('wrong-wrap-flicker').click();
  await page.getByTestId('operators-wrong-wrap').scrollIntoViewIfNeeded();
  await page.getByTestId('operators-panel').screenshot({ path: screenshotPath('wrong-wrap-operators') });
});
