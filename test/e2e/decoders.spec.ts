/** Same frame, two decoders, in serve mode: the comparison of the frame on screen, and the probe on a difference. */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { screenshotPath, startServe } from '../support/live/serve';

async function openAt(page: Page, file: string, frame: number): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText(path.basename(file));
  await expect(page.getByTestId('frame-label')).toContainText('frame 0');
  await page.getByTestId('frame-input').fill(String(frame));
  await page.getByTestId('go-frame').click();
  await expect(page.getByTestId('frame-label')).toContainText(`frame ${frame}`);
}

test('compares the frame on screen with a software decode of it, plane by plane, and states how', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openAt(page, CLIPS.main10, 4);
  await page.getByTestId('decoder-ab-run').click();
  // Without a GPU the open file is software-decoded itself: the same decoder twice, the same samples, said so.
  await expect(page.getByTestId('decoder-ab-summary')).toContainText('software against software');
  await expect(page.getByTestId('decoder-ab-summary')).toHaveAttribute('data-identical', 'true');
  await expect(page.getByTestId('decoder-ab-summary')).toContainText('hevc');
  await expect(page.getByTestId('decoder-ab-summary')).toContainText('requires bit-exact output, and got it');
  for (const plane of ['Y', 'U', 'V']) {
    await expect(page.getByTestId(`decoder-verdict-${plane}`)).toContainText('identical');
    await expect(page.getByTestId(`decoder-heat-${plane}`)).toBeVisible();
  }
  await expect(page.getByTestId('decoder-ab-normalisation')).toContainText('yuv420p10le');
  await expect(page.getByTestId('decoder-ab-rgb')).toContainText(/BT\.(709|2020|601)/);
  // The comparison belongs to its frame: a step hides it.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('frame-label')).toContainText('frame 5');
  await expect(page.getByTestId('decoder-ab-summary')).toBeHidden();
});

test('a planted difference (test hook) is reported at its sample, and one click puts the probe on it', async ({
  page,
}) => {
  // The backend plants 200 at Y (321, 123) of side A and restores it after: a difference where decoders agree.
  const served = await startServe({ env: { ZCI_TEST_HOOK_PLANT: '0,321,123,200' } });
  try {
    await page.goto(served.url);
    await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
    await openAt(page, CLIPS.padded, 2);
    await page.getByTestId('decoder-ab-run').click();
    await expect(page.getByTestId('decoder-ab-plant')).toContainText('Y (321, 123) = 200');
    await expect(page.getByTestId('decoder-ab-summary')).toHaveAttribute('data-identical', 'false');
    await expect(page.getByTestId('decoder-ab-summary')).toContainText('NOT met');
    await expect(page.getByTestId('decoder-verdict-Y')).toContainText('1 differ');
    await expect(page.getByTestId('decoder-first-Y')).toContainText('(321, 123): A 200, B');
    for (const plane of ['U', 'V'])
      await expect(page.getByTestId(`decoder-verdict-${plane}`)).toContainText('identical');
    await page.getByTestId('decoder-ab-panel').screenshot({ path: screenshotPath('decoders-planted-difference') });
    await page.getByTestId('decoder-probe-Y').click();
    // The probe sits on that pixel of the Y plane, and reads its bytes from the frame (the plant was restored: the
    // decoded value is back).
    const at = page.getByTestId('probe-xy');
    await expect(at).toHaveAttribute('data-x', '321');
    await expect(at).toHaveAttribute('data-y', '123');
    await expect(at).toHaveAttribute('data-plane', '0');
    await expect(page.getByTestId('probe-plane-0')).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await served.stop();
  }
});

test('a chroma plane planted one row off (ZCI_PLANT_FRAME=chroma-row): the A/B leads with the row, and Probe it goes there', async ({
  page,
}) => {
  // The backend moves side A's chroma pointers one row later, as a plane-offset mistake in FFmpeg would.
  const served = await startServe({ env: { ZCI_PLANT_FRAME: 'chroma-row' } });
  try {
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto(served.url);
    await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
    await openAt(page, path.join(path.dirname(CLIPS.padded), 'h264-odd-642x362.mp4'), 1);
    await page.getByTestId('decoder-ab-run').click();
    const cause = page.getByTestId('decoder-ab-cause');
    await expect(cause).toHaveAttribute('data-found', 'true');
    await expect(cause).toContainText(
      "Cause: U identical when read 1 row before FFmpeg's pointer: a plane-offset mistake",
    );
    await expect(cause).toContainText("V identical when read 1 row before FFmpeg's pointer");
    await expect(page.getByTestId('decoder-ab-summary')).toContainText('NOT met');
    await expect(page.getByTestId('decoder-verdict-Y')).toContainText('identical');
    await page.getByTestId('decoder-ab-panel').screenshot({ path: screenshotPath('decoders-planted-chroma-row') });
    await page.getByTestId('decoder-ab-cause-probe').click();
    await expect(page.getByTestId('probe-xy')).toHaveAttribute('data-plane', '1');
  } finally {
    await served.stop();
  }
});
