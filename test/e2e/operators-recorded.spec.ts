import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { recordedPreviews, serveRecordedPreviews } from '../support/e2e/recorded-previews';
import { ROOT } from '../support/paths';

const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

/** The SHA-256 of a canvas's RGB pixels, read back from the page. */
async function drawnRgb(page: Page, testId: string): Promise<string> {
  const rgb = await page.getByTestId(testId).evaluate((canvas) => {
    const element = canvas as HTMLCanvasElement;
    const rgba = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? [];
    const out: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) out.push(rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0);
    return out;
  });
  return createHash('sha256').update(Uint8Array.from(rgb)).digest('hex');
}

function sha(rgb: Uint8Array | undefined): string {
  return createHash('sha256')
    .update(rgb ?? new Uint8Array())
    .digest('hex');
}

test('operators draw a GPU result exactly: previews recorded on a GPU, the rest of the app live', async ({
  page,
  served,
}) => {
  const answer = recordedPreviews('h264-1080p-420.mp4');
  await serveRecordedPreviews(page, answer);
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const padded = `${served.configDir}/h264-1080p-420.mp4`;
  await copyFile(CLIPS.padded, padded);
  await page.getByTestId('path-input').fill(padded);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText('h264-1080p-420.mp4');
  await page.getByTestId('frame-input').fill('13');
  await page.getByTestId('go-frame').click();

  // The figures the badges must show are those the GPU run recorded, formatted as the panel formats them.
  const dB = (psnr: number | null): string => (psnr ?? NaN).toFixed(2).replace('.', '\\.');
  const panel = page.getByTestId('operators-panel');
  await expect(panel).toHaveAttribute('data-frame', '13');
  await expect(panel).toHaveAttribute('data-state', 'gpu');
  await expect(page.getByTestId('operator-psnr-badge')).toHaveText(
    new RegExp(`PASS · ${dB(answer({ op: 'convert' }).psnr)} dB ≥ 35`),
  );
  await expect(page.getByTestId('operator-bytes')).toHaveText('110,592 B of 3,110,400 B (3.56 %)');
  const convert = answer({ op: 'convert' });
  expect(await drawnRgb(page, 'operator-canvas')).toBe(sha(convert.thumbnail?.rgb));
  expect(await drawnRgb(page, 'reference-canvas')).toBe(sha(convert.reference?.rgb));
  expect(await drawnRgb(page, 'wrong-wrap-canvas')).toBe(sha(convert.wrongWrap?.rgb));
  await expect(page.getByTestId('wrong-wrap-reason')).toContainText('it starts at row 1088');

  // "What if" BT.601: the swscale reference takes the same matrix, so the GPU picture and its reference agree; the
  // note says the matrix is forced.
  await page.getByTestId('operator-matrix').selectOption('bt601');
  await expect(page.getByTestId('operator-psnr-badge')).toHaveText(
    new RegExp(`PASS · ${dB(answer({ op: 'convert', matrix: 'bt601' }).psnr)} dB ≥ 35`),
  );
  await expect(page.getByTestId('operator-forced-note')).toBeVisible();
  // Beside the reference, which matrix it was made with, and the note says the GPU picture's is BT.601.
  await expect(page.getByTestId('reference-matrix')).toContainText(/uses BT\.(601|709|2020)/);
  await expect(page.getByTestId('operator-forced-note')).toContainText('BT.601');
  await page.getByTestId('operator-matrix').selectOption('auto');

  await page.getByTestId('operator-option-cvtcolor').click();
  await expect(page.getByTestId('operator-converter')).toContainText('AdvCvtColor');
  await expect(page.getByTestId('operator-psnr-badge')).toHaveText(
    new RegExp(`FAIL · ${dB(answer({ op: 'cvtcolor' }).psnr)} dB < 35`),
  );
  await page.getByTestId('operator-option-gaussian').click();
  await expect(page.getByTestId('operator-psnr-badge')).toHaveText(/NOT COMPARED/);
  await expect(page.getByTestId('wrong-wrap-note')).toContainText('shown with the convert preview');
  await page.getByTestId('wrong-wrap-show').click();
  await expect(page.getByTestId('operators-wrong-wrap')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('operators-recorded.png'), fullPage: true });
});

test('a capture’s recorded operators label each picture in words, never a letter a line', async ({ page, served }) => {
  test.skip(!existsSync(GPU_CAPTURE), 'assets/gpu-capture.zci is not committed yet (a capture made on a GPU machine)');
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  const copy = path.join(served.configDir, 'gpu-capture.zci');
  await copyFile(GPU_CAPTURE, copy);
  await page.getByTestId('path-input').fill(copy);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  const panel = page.getByTestId('captured-operators');
  await expect(panel).toBeVisible();
  for (const width of [1000, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    // Every label (the operator's name, each parameter's name): at most two lines of its own line height.
    const labels = await panel.locator('figcaption strong, figcaption dt').evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        return { text: element.textContent ?? '', height: box.height, width: box.width, lineHeight };
      }),
    );
    expect(labels.length).toBeGreaterThan(2);
    for (const label of labels) {
      expect(label.height, `"${label.text}" at ${width} px`).toBeLessThanOrEqual(2 * label.lineHeight + 1);
    }
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: test.info().outputPath(`captured-operators-${width}.png`) });
  }
});
