/**
 * Serve mode whose backend wraps every frame deliberately wrong (ZCI_PLANT_WRAP, a test hook the report names), with
 * the page opened on it; and a badge's words matched exactly, so that "MATCH" does not match "MISMATCH".
 */
import type { Page } from '@playwright/test';
import { startServe } from '../live/serve';
import { expect } from './fixtures';

/** A badge's words after its icon, exactly: "MATCH" does not match "MISMATCH". */
export const words = (text: string): RegExp => new RegExp(`(^|\\s)${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Opens serve mode with the fault planted and waits for the sample clip, which opens on first start; gives stop. */
export async function plantedPage(page: Page, planted: string): Promise<() => Promise<void>> {
  const served = await startServe({ env: { ZCI_PLANT_WRAP: planted } });
  try {
    await page.goto(served.url);
    await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
    await expect(page.getByTestId('identity-planted')).toContainText(`PLANTED FAULT (a test asked for it): ${planted}`);
  } catch (error) {
    await served.stop();
    throw error;
  }
  return served.stop;
}
