/**
 * The set-up the panel specs share: serve mode's page at 1280×800 with the sample open, and, where asked, frame 0 kept
 * as A and frame 1 on screen as B, so that the A/B panel has something to say.
 */
import type { Page } from '@playwright/test';
import type { Served } from '../live/serve';
import { expect } from './fixtures';

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
