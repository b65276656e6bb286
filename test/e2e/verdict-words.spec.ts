/**
 * The verdict words as a reader sees them, photographed for the docs after the words are checked: a stride fault
 * beside pointers that match, a chroma pointer a row off, a tampered capture's presenter, and a recorder capture
 * whose stream was still decoding at hand-over, its columns named after the recorded objects.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { openPath } from '../support/e2e/memory-reads';
import { plantedPage, words } from '../support/e2e/planted';
import { recordCapture } from '../support/e2e/recorder-capture';
import { cliCapture } from '../support/live/cli-capture';
import { screenshotPath } from '../support/live/serve';
import { editManifest } from '../support/zip-edit';

// Tall enough that the identity panel fits whole, so no sticky bar lies over its photograph.
const TALL = { width: 1280, height: 1800 };
const PRESENTER = { width: 1280, height: 800 };

/** Photographs the identity panel and the three answers, then opens the presenter view at the usual size. */
async function photographPanels(page: Page, name: string): Promise<void> {
  await page.getByTestId('identity-panel').screenshot({ path: screenshotPath(`verdicts-${name}-identity`) });
  await page.getByTestId('frame-answers').screenshot({ path: screenshotPath(`verdicts-${name}-answers`) });
  await page.setViewportSize(PRESENTER);
  await page.keyboard.press('p');
  await expect(page.getByTestId('presenter-view')).toBeVisible();
}

test.use({ viewport: TALL });

test("pitch: the pointers match, NVCV's row stride is 64 B over FFmpeg's pitch, and the wrap is invalid for it", async ({
  page,
}) => {
  const stop = await plantedPage(page, 'pitch');
  try {
    const cell = await page.getByTestId('plane-row-0').locator('code').last().textContent();
    const [pitch, stride] = (cell ?? '').split('/').map((s) => Number(s.trim()));
    expect(stride).toBe((pitch ?? 0) + 64);
    const strideWords = `Y: NVCV's stride ${stride} B, FFmpeg's pitch ${pitch} B (+64)`;
    await expect(page.getByTestId('overall-badge')).toContainText('POINTERS MATCH');
    await expect(page.getByTestId('overall-badge')).not.toContainText('MISMATCH');
    await expect(page.getByTestId('match-badge-0')).toHaveText(words('MATCH'));
    await expect(page.getByTestId('stride-badge')).toHaveText(words("NVCV ROW STRIDE ≠ FFMPEG'S PITCH"));
    await expect(page.getByTestId('identity-stride-fault')).toContainText(strideWords);
    await expect(page.getByTestId('answer-match-badge')).toContainText('POINTERS MATCH');
    await expect(page.getByTestId('answer-wrap-badge')).toContainText(
      "NVCV IMAGE: INVALID · NVCV ROW STRIDE ≠ FFMPEG'S PITCH",
    );
    await expect(page.getByTestId('answer-wrap-detail')).toContainText(strideWords);
    await photographPanels(page, 'pitch');

    await expect(page.getByTestId('presenter-badge-pointers')).toContainText('POINTERS MATCH');
    await expect(page.getByTestId('presenter-badge-pointers')).not.toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('presenter-badge-strides')).toHaveText(words("NVCV ROW STRIDE ≠ FFMPEG'S PITCH"));
    await expect(page.getByTestId('presenter-badge-strides')).toHaveAttribute('data-tone', 'bad');
    await expect(page.getByTestId('presenter-pointer-mark-0')).toHaveText('=');
    await expect(page.getByTestId('presenter-stride-line-0')).toHaveAttribute('data-differs', 'true');
    await expect(page.getByTestId('presenter-stride-line-0')).toContainText(`${pitch} B ≠ NVCV row stride ${stride} B`);
    await page.screenshot({ path: screenshotPath('verdicts-pitch-presenter') });
  } finally {
    await stop();
  }
});

test('chroma-row: POINTER MISMATCH one chroma row apart, the strides equal, and the wrap invalid for the pointer', async ({
  page,
}) => {
  const stop = await plantedPage(page, 'chroma-row');
  try {
    await expect(page.getByTestId('overall-badge')).toHaveText(words('POINTER MISMATCH'));
    await expect(page.getByTestId('match-badge-0')).toHaveText(words('MATCH'));
    await expect(page.getByTestId('match-badge-1')).toHaveText(words('MISMATCH'));
    await expect(page.getByTestId('pointer-delta-1')).toContainText('off by +');
    await expect(page.getByTestId('stride-badge')).toHaveText(words("NVCV ROW STRIDES: FFMPEG'S PITCHES"));
    await expect(page.getByTestId('identity-stride-fault')).toHaveCount(0);
    await expect(page.getByTestId('answer-match-badge')).toHaveText(words('POINTER MISMATCH'));
    await expect(page.getByTestId('answer-wrap-badge')).toContainText('NVCV IMAGE: INVALID · POINTER MISMATCH');
    await expect(page.getByTestId('answer-wrap-detail')).toContainText(/^U: NVCV's pointer \d+ B = 1 row after/);
    await photographPanels(page, 'chroma-row');

    await expect(page.getByTestId('presenter-badge-pointers')).toHaveText(words('POINTER MISMATCH'));
    await expect(page.getByTestId('presenter-why-pointers')).toContainText('PLANTED FAULT (chroma-row');
    await expect(page.getByTestId('presenter-verdict-strides')).toHaveCount(0);
    await expect(page.getByTestId('presenter-pointer-mark-1')).toHaveText('≠');
    await expect(page.getByTestId('presenter-stride-line-1')).toHaveAttribute('data-differs', 'false');
    await page.screenshot({ path: screenshotPath('verdicts-chroma-row-presenter') });
  } finally {
    await stop();
  }
});

test("a tampered capture's presenter says tampered, in red, beside the frame's own verdicts", async ({
  page,
  served,
}) => {
  const good = path.join(served.configDir, 'good.zci');
  cliCapture(CLIPS.sample, '0', good);
  // A report changed after signing: the signature no longer verifies.
  const tampered = path.join(served.configDir, 'tampered.zci');
  await writeFile(
    tampered,
    editManifest(await readFile(good), (manifest: { frames: { report: { timings: { decodeMs: number } } }[] }) => {
      manifest.frames[0]!.report.timings.decodeMs += 1;
    }),
  );
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, tampered);
  await expect(page.getByTestId('capture-signature')).toHaveAttribute('data-state', 'tampered');
  await page.setViewportSize(PRESENTER);
  await page.keyboard.press('p');
  const signature = page.getByTestId('presenter-signature');
  await expect(signature).toHaveAttribute('data-state', 'tampered');
  await expect(signature).toHaveClass(/capture-signature-tampered/);
  await expect(signature).toContainText('TAMPERED: the evidence was changed after it was signed');
  await expect(page.getByTestId('presenter-capture')).toContainText('CAPTURE ·');
  await expect(page.getByTestId('presenter-badge-pointers')).toContainText('POINTERS MATCH');
  await page.screenshot({ path: screenshotPath('verdicts-tampered-presenter') });
});

test("a recorder capture's frame handed over while its stream was decoding: the amber card, and the objects' names", async ({
  page,
  served,
}) => {
  const file = path.join(served.configDir, 'recorded.zci');
  recordCapture(file, path.join(served.configDir, 'recorder-key'));
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, file);
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-indicator')).toContainText('frame 1 of');
  await expect(page.getByTestId('stream-hand-over-badge')).toHaveText('STREAM PENDING');
  // The recorded objects head the columns: a PyNvVideoCodec frame and the torch tensor over it, not FFmpeg or NVCV.
  await expect(page.getByTestId('identity-source-head')).toHaveText('PyNvVideoCodec frame data[i]');
  await expect(page.getByTestId('identity-wrapped-head')).toHaveText('torch tensor exported');
  await expect(page.getByTestId('overall-badge')).toHaveText(words('POINTER MISMATCH'));
  await page.getByTestId('identity-panel').screenshot({ path: screenshotPath('verdicts-recorder-identity') });
  await page.setViewportSize(PRESENTER);
  await page.keyboard.press('p');
  await expect(page.getByTestId('presenter-hand-over')).toHaveAttribute('data-tone', 'warn');
  await expect(page.getByTestId('presenter-badge-hand-over')).toHaveText(words('HANDED OVER BEFORE DECODE FINISHED'));
  await expect(page.getByTestId('presenter-why-hand-over')).not.toBeEmpty();
  await expect(page.getByTestId('presenter-pointer-line-0')).toContainText('PyNvVideoCodec frame data[0]');
  await expect(page.getByTestId('presenter-pointer-line-0')).toContainText('torch tensor exported');
  await expect(page.getByTestId('presenter-stride-line-0')).toContainText('PyNvVideoCodec frame pitch');
  await expect(page.getByTestId('presenter-stride-line-0')).toContainText('torch tensor row stride');
  await expect(page.getByTestId('presenter-pointers')).not.toContainText(/FFmpeg|NVCV/);
  await page.screenshot({ path: screenshotPath('verdicts-recorder-pending-presenter') });
});
