/**
 * The scan's HTML report in a real browser: one made here by the built command line over fixtures with a planted
 * wrong wrap (its cause first, each finding linked to the capture of its first failing frame), and the report the
 * last recorded GPU run made over its corpus, whose picture README shows.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';

const BIN = path.join(ROOT, 'bin', 'zerocopy-inspector.js');

/** The newest recorded GPU run that holds a scan report, or null. */
function recordedScanReport(): string | null {
  const runs = path.join(ROOT, 'docs', 'gpu-runs');
  const withReport = readdirSync(runs)
    .sort()
    .map((run) => path.join(runs, run, 'scan', 'scan.html'))
    .filter((file) => existsSync(file));
  return withReport.at(-1) ?? null;
}

test('a report made here leads with the cause and links the capture of the first failing frame', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zci-scan-report-'));
  const report = path.join(dir, 'report.html');
  const fixtures = ['vp9-odd-641x361.webm', 'mpeg2-640x360.mkv'].map((f) => path.join(ROOT, 'test', 'fixtures', f));
  const run = spawnSync(
    process.execPath,
    [BIN, 'scan', ...fixtures, '-o', path.join(dir, 'scan.jsonl'), '--report', report],
    {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, ZCI_PLANT_WRAP: 'chroma-row', XDG_CONFIG_HOME: path.join(dir, 'config') },
    },
  );
  expect(run.status, run.stderr).toBe(1);
  await page.goto(pathToFileURL(report).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scan: 2 files, 48 frames');
  const cause = page
    .locator('table')
    .first()
    .locator('tbody tr', { hasText: "NVCV's exported pointer is not FFmpeg's (U)" });
  await expect(cause).toContainText('even-height mpeg2video, odd-height vp9');
  const link = page.getByRole('link', { name: 'capture of the first failing frame' }).first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\.frame-0\.zci$/);
  expect(existsSync(path.join(dir, decodeURIComponent(href ?? '')))).toBe(true);
});

test('the report of the recorded GPU run names the one-row chroma fault in every odd-height VP9, MPEG-2 and MPEG-1 file', async ({
  page,
}) => {
  const report = recordedScanReport();
  test.skip(report === null, 'no recorded GPU run holds a scan report');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(pathToFileURL(report ?? '').href);
  // The fault's row names every kind of file, in the report's order (most files first), and no even-height kind.
  const fault = page
    .locator('table')
    .first()
    .locator('tbody tr', { hasText: "FFmpeg's chroma pointer 1 row before where NVDEC wrote the plane" });
  await expect(fault).toContainText('odd-height mpeg2video');
  await expect(fault).toContainText('odd-height vp9');
  await expect(fault).toContainText('odd-height mpeg1video');
  await expect(fault).not.toContainText('even-height');
  await page.screenshot({ path: screenshotPath('scan-report-gpu') });
});
