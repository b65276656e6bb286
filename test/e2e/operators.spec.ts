import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';

/** Waits until the operators panel shows a finished preview of a frame. */
async function previewShown(page: Page, frame: number): Promise<void> {
  const panel = page.getByTestId('operators-panel');
  await expect(panel).toHaveAttribute('data-frame', String(frame));
  await expect(panel).toHaveAttribute('data-running', 'false');
}

/** The sum and a rolling hash of a canvas's pixels, read back from the page: proof that something was drawn. */
async function canvasPixels(page: Page, testId: string): Promise<{ sum: number; hash: number }> {
  return page.getByTestId(testId).evaluate((canvas) => {
    const element = canvas as HTMLCanvasElement;
    const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? [];
    let sum = 0;
    let hash = 0;
    for (let i = 0; i < data.length; i += 1) {
      sum += data[i] ?? 0;
      hash = (Math.imul(hash, 31) + (data[i] ?? 0)) >>> 0;
    }
    return { sum, hash };
  });
}

test('operators: pick one, see why it cannot run here, and the CPU reference follow the frame', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await previewShown(page, 0);
  const panel = page.getByTestId('operators-panel');
  const noGpu = await page.getByTestId('missing-gpu').isVisible();
  test.skip(!noGpu, 'this end-to-end test covers the machine without a GPU; the GPU tier covers the other');

  await page.getByTestId('operator-option-gaussian').click();
  await expect(page.getByTestId('operator-option-gaussian')).toHaveAttribute('aria-checked', 'true');
  await previewShown(page, 0);
  await expect(panel).toHaveAttribute('data-state', 'unavailable');
  await expect(page.getByTestId('operators-error-code')).toHaveText('NO_CUDA_DEVICE');
  await expect(page.getByTestId('operators-error-message')).toContainText('no CUDA device');
  await expect(page.getByTestId('operators-error-remedy')).toContainText('NVIDIA GPU');
  await expect(page.getByTestId('operator-placeholder')).toHaveText('not run: NO_CUDA_DEVICE');
  await expect(page.getByTestId('reference-method')).toContainText('swscale');

  const reference = page.getByTestId('reference-canvas');
  await expect(reference).toHaveAttribute('width', '256');
  const before = await reference.getAttribute('data-checksum');
  const pixelsBefore = await canvasPixels(page, 'reference-canvas');
  expect(pixelsBefore.sum).toBeGreaterThan(0);

  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 1 of');
  await previewShown(page, 1);
  await expect(reference).not.toHaveAttribute('data-checksum', before ?? '');
  const pixelsAfter = await canvasPixels(page, 'reference-canvas');
  expect(pixelsAfter.hash).not.toBe(pixelsBefore.hash);
  await expect(page.getByTestId('operators-error-code')).toHaveText('NO_CUDA_DEVICE');

  await page.getByTestId('operator-kernel-size').selectOption('11');
  await previewShown(page, 1);
  await expect(page.getByTestId('operators-error-code')).toHaveText('NO_CUDA_DEVICE');
  await panel.screenshot({ path: screenshotPath('operators-cpu') });
});
