/**
 * The headline verdicts in their red state, in Chromium against serve mode whose backend wraps every frame
 * deliberately wrong (ZCI_PLANT_WRAP, a test hook the report names): the identity panel and the presenter view must
 * say POINTER MISMATCH with the exact distance, NVCV ROW STRIDE ≠ FFMPEG'S PITCH beside pointers that match,
 * ALIASING FAILED, or NVCV FORMAT: WRONG.
 */
import { expect, test } from '../support/e2e/fixtures';
import { plantedPage, words } from '../support/e2e/planted';
import { screenshotPath } from '../support/live/serve';

test('chroma-row: POINTER MISMATCH one row apart and ALIASING FAILED, in the panel and the presenter', async ({
  page,
}) => {
  const stop = await plantedPage(page, 'chroma-row');
  try {
    await expect(page.getByTestId('overall-badge')).toHaveText(words('POINTER MISMATCH'));
    await expect(page.getByTestId('overall-badge')).toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('match-badge-0')).toHaveText(words('MATCH'));
    await expect(page.getByTestId('match-badge-1')).toHaveText(words('MISMATCH'));
    // The distance is one row of the chroma plane's pitch, in bytes and in rows.
    const pitch = Number((await page.getByTestId('plane-row-1').locator('code').last().textContent())?.split('/')[0]);
    expect(pitch).toBeGreaterThan(0);
    await expect(page.getByTestId('pointer-delta-1')).toContainText(`off by +${pitch} bytes`);
    await expect(page.getByTestId('pointer-delta-rows-1')).toContainText(
      new RegExp(
        `1 row of ${pitch} bytes after FFmpeg's|NVCV assumes (chroma|the U plane) at row \\d+; FFmpeg's starts at row`,
      ),
    );
    await expect(page.getByTestId('aliasing-badge')).toHaveText(words('ALIASING FAILED'));
    await expect(page.getByTestId('aliasing-why')).toContainText('did not see the canary');
    await page.getByTestId('identity-panel').screenshot({ path: screenshotPath('planted-chroma-row-identity') });
    await page.keyboard.press('p');
    await expect(page.getByTestId('presenter-badge-pointers')).toHaveText(words('POINTER MISMATCH'));
    await expect(page.getByTestId('presenter-badge-pointers')).toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('presenter-why-pointers')).toContainText('PLANTED FAULT (chroma-row');
    await expect(page.getByTestId('presenter-badge-aliasing')).toHaveText(words('ALIASING FAILED'));
    await page.screenshot({ path: screenshotPath('planted-chroma-row-presenter') });
  } finally {
    await stop();
  }
});

test('pitch: the pointers match, the stride verdict fails by 64 B, the wrap is invalid and the proof fails', async ({
  page,
}) => {
  const stop = await plantedPage(page, 'pitch');
  try {
    // The planted fault is a stride only: every pointer is FFmpeg's own, so the pointer verdict passes (green on
    // NVDEC's memory, amber on a software decode's host memory, which NVCV only describes).
    await expect(page.getByTestId('overall-badge')).toContainText('POINTERS MATCH');
    await expect(page.getByTestId('overall-badge')).not.toContainText('MISMATCH');
    await expect(page.getByTestId('overall-badge')).not.toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('match-badge-0')).toHaveText(words('MATCH'));
    await expect(page.getByTestId('match-badge-0')).toHaveAttribute('data-tone', 'ok');
    await expect(page.getByTestId('pointer-delta-0')).toHaveCount(0);
    const cell = await page.getByTestId('plane-row-0').locator('code').last().textContent();
    const [pitch, stride] = (cell ?? '').split('/').map((s) => Number(s.trim()));
    expect(stride).toBe((pitch ?? 0) + 64);
    await expect(page.getByTestId('stride-delta-0')).toContainText(
      `NVCV's stride ${stride} B, FFmpeg's pitch ${pitch} B (+64)`,
    );
    await expect(page.getByTestId('stride-badge')).toHaveText(words("NVCV ROW STRIDE ≠ FFMPEG'S PITCH"));
    await expect(page.getByTestId('stride-badge')).toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('identity-stride-fault')).toContainText("NVCV ROW STRIDE ≠ FFMPEG'S PITCH: Y:");
    await expect(page.getByTestId('identity-stride-fault')).toContainText('(+64)');
    // The wrap answer fails on the stride, naming it, though NVCV accepted the descriptor.
    await expect(page.getByTestId('answer-wrap')).toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('answer-wrap-badge')).toContainText(
      "NVCV IMAGE: INVALID · NVCV ROW STRIDE ≠ FFMPEG'S PITCH",
    );
    await expect(page.getByTestId('answer-wrap-detail')).toContainText(`Y: NVCV's stride ${stride} B`);
    await expect(page.getByTestId('answer-match-badge')).toContainText('POINTERS MATCH');
    await expect(page.getByTestId('answer-match')).not.toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('aliasing-badge')).toHaveText(words('ALIASING FAILED'));
    await expect(page.getByTestId('aliasing-why')).toContainText(/plane 0, row \d+/);
    await page.getByTestId('identity-panel').screenshot({ path: screenshotPath('planted-pitch-identity') });
  } finally {
    await stop();
  }
});

test('format: NVCV FORMAT: WRONG in the panel and the presenter, while the pointers match', async ({ page }) => {
  const stop = await plantedPage(page, 'format');
  try {
    await expect(page.getByTestId('format-badge')).toHaveText(words('NVCV FORMAT: WRONG'));
    await expect(page.getByTestId('format-badge')).toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('match-badge-0')).toHaveText(words('MATCH'));
    await page.keyboard.press('p');
    await expect(page.getByTestId('presenter-badge-format')).toHaveText(words('NVCV FORMAT: WRONG'));
    await expect(page.getByTestId('presenter-badge-format')).toHaveAttribute('data-tone', 'bad');
    await page.screenshot({ path: screenshotPath('planted-format-presenter') });
  } finally {
    await stop();
  }
});
