/**
 * A/B says first whether it compares the same thing: the two sides' source files, by the SHA-256 a capture carries
 * and the backend takes of a file open live. The H200 capture of the sample against a capture of another clip compares
 * two different files; against a capture of the same sample made here, the same file; against the sample open live,
 * the same file by its hash; two opens of one file, the same bytes; a file rewritten on disk between two opens,
 * different bytes at the same path.
 */
import { createHash } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readCapture } from '../../electron/capture/capture-file';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';
import { cliCapture } from '../support/live/cli-capture';

const GPU_CAPTURE = path.join(ROOT, 'assets', 'gpu-capture.zci');

async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
}

async function readA(page: Page, file: string): Promise<void> {
  await page.getByTestId('ab-capture-path').fill(file);
  await page.getByTestId('ab-capture-load').click();
  await expect(page.getByTestId('ab-capture-path')).toHaveValue('');
}

/** The source verdict stands above the count of differing fields and the table, so it is read first. */
async function saidFirst(page: Page): Promise<void> {
  const verdict = await page.getByTestId('ab-source').boundingBox();
  const count = await page.getByTestId('ab-changed').boundingBox();
  const table = await page.getByTestId('ab-table').boundingBox();
  expect(verdict).not.toBeNull();
  expect(verdict!.y + verdict!.height).toBeLessThanOrEqual(count!.y);
  expect(verdict!.y + verdict!.height).toBeLessThanOrEqual(table!.y);
}

test('A/B names the source files first, by their bytes: captures, files open live, a file rewritten between two opens', async ({
  page,
  served,
}) => {
  const hashOf = async (file: string) =>
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  const sample = await hashOf(CLIPS.sample);
  const padded = await hashOf(CLIPS.padded);
  const h200 = (await readCapture(GPU_CAPTURE, GPU_CAPTURE)).manifest;
  // The bundled H200 capture is of today's sample (test/unit/bundled-capture.test.ts keeps it so).
  expect(h200.source.sha256).toBe(sample);
  const frame = h200.frames.find((f) => f.index === 24) ?? h200.frames[0]!;

  const gpu = path.join(served.configDir, 'gpu-capture.zci');
  await copyFile(GPU_CAPTURE, gpu);
  const cpu = path.join(served.configDir, 'cpu.zci');
  cliCapture(CLIPS.sample, String(frame.index), cpu);
  const other = path.join(served.configDir, 'other.zci');
  cliCapture(CLIPS.padded, String(frame.index), other);

  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, other);
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  await expect(page.getByTestId('frame-label')).toContainText(`frame ${frame.index}`);

  // Two different files: said plainly, each side's hash beside it.
  await readA(page, gpu);
  await expect(page.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'different');
  await expect(page.getByTestId('ab-source-text')).toHaveText(
    '≠ Different source files; differences below are expected.',
  );
  await expect(page.getByTestId('ab-source-a')).toContainText(`sha256 ${sample.slice(0, 12)}…`);
  await expect(page.getByTestId('ab-source-b')).toContainText(`sha256 ${padded.slice(0, 12)}…`);
  await saidFirst(page);
  await page.getByTestId('ab-panel').screenshot({ path: screenshotPath('ab-different-sources') });

  // The H200's capture against one made here of the same sample: the same file, decoded by NVDEC and by software.
  await openPath(page, cpu);
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  await readA(page, gpu);
  await expect(page.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'same');
  await expect(page.getByTestId('ab-source-text')).toContainText('Same source file');
  await expect(page.getByTestId('ab-source-a')).toContainText(`sha256 ${sample.slice(0, 12)}…`);
  await expect(page.getByTestId('ab-source-b')).toContainText(`sha256 ${sample.slice(0, 12)}…`);
  await saidFirst(page);

  // A capture against the file open live: the backend hashes the live file, and the two are the same bytes.
  await openPath(page, CLIPS.sample);
  await expect(page.getByTestId('capture-banner')).toBeHidden();
  await expect(page.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'same');
  await expect(page.getByTestId('ab-source-text')).toHaveText(
    '= Same source file: both sides were decoded from the same bytes.',
  );
  await expect(page.getByTestId('ab-source-b')).toContainText(`sample.mp4 · sha256 ${sample.slice(0, 12)}…`);

  // Two opens of the same file live: each hashed, the same bytes.
  await page.getByTestId('ab-pin').click();
  await expect(page.getByTestId('ab-source-a')).toContainText(`sha256 ${sample.slice(0, 12)}…`);
  await openPath(page, CLIPS.sample);
  await expect(page.getByTestId('frame-label')).toHaveText('frame 0 of 96');
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('frame-label')).toHaveText('frame 1 of 96');
  await expect(page.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'same');
  await expect(page.getByTestId('ab-source-text')).toContainText(
    'Same source file: both sides were decoded from the same bytes',
  );
  await expect(page.getByTestId('ab-source-b')).toContainText(`sha256 ${sample.slice(0, 12)}…`);
  await saidFirst(page);

  // The same path rewritten on disk between two opens: different bytes, said as such.
  const rewritten = path.join(served.configDir, 'rewritten.mp4');
  await copyFile(CLIPS.sample, rewritten);
  await openPath(page, rewritten);
  await expect(page.getByTestId('file-name')).toHaveText('rewritten.mp4');
  await page.getByTestId('ab-pin').click();
  await expect(page.getByTestId('ab-source-a')).toContainText(`rewritten.mp4 · sha256 ${sample.slice(0, 12)}…`);
  await copyFile(CLIPS.padded, rewritten);
  await openPath(page, rewritten);
  await expect(page.getByTestId('ab-source')).toHaveAttribute('data-verdict', 'different');
  await expect(page.getByTestId('ab-source-text')).toContainText(
    'Same path, different bytes: the file changed on disk between the two opens',
  );
  await expect(page.getByTestId('ab-source-b')).toContainText(`rewritten.mp4 · sha256 ${padded.slice(0, 12)}…`);
});
