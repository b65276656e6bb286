/**
 * The set-up the panel specs share: serve mode's page at 1280×800 with the sample open, and, where asked, frame 0 kept
 * as A and frame 1 on screen as B, so that the A/B panel has something to say.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Served } from '../live/serve';
import { ROOT } from '../paths';
import { CLIPS, expect } from './fixtures';

/** Opens the page on the sample at 1280×800; with abPair, keeps frame 0 as A and steps to frame 1. */
export async function openSample(page: Page, served: Served, { abPair = false }: { abPair?: boolean } = {}) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  if (!abPair) return;
  // Keys go to the page, not a field: a click on an empty corner first.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('ab-label-b')).toContainText('frame 1');
}

/** Keeps the sample's frame 0 as A and opens another clip (the padded 1080p fixture, copied under `name`) as B. */
export async function openAnotherClipAsB(page: Page, served: Served, name: string): Promise<string> {
  const other = path.join(served.configDir, name);
  await copyFile(CLIPS.padded, other);
  await openSample(page, served);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('a');
  await page.getByTestId('path-input').fill(other);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText(name);
  return other;
}

/** Reads A from the bundled H200 capture of the sample, copied beside the served files. */
export async function readAFromGpuCapture(page: Page, served: Served): Promise<void> {
  const gpu = path.join(served.configDir, 'gpu-capture.zci');
  await copyFile(path.join(ROOT, 'assets', 'gpu-capture.zci'), gpu);
  await page.getByTestId('ab-capture-path').fill(gpu);
  await page.getByTestId('ab-capture-load').click();
  await expect(page.getByTestId('ab-label-a')).toContainText('gpu-capture.zci · frame 0');
}
