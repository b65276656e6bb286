/**
 * Accessibility of the main view, checked by axe-core inside the real Chromium page: no colour-contrast violation
 * and nothing serious or critical, in the dark and in the light theme, with the identity and layout panels shown.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';

/** The violations' rules and the elements they name, for a failure message that says what to fix. */
function describeViolations(violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[]) {
  return violations
    .map((v) => `${v.id} (${v.impact ?? '?'}): ${v.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`)
    .join('\n');
}

/** Waits until the frame on screen has settled: panels shown, not dimmed, no decode running. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('identity-panel')).toBeVisible();
  await expect(page.getByTestId('layout-panel')).toBeVisible();
  await expect(page.getByTestId('panels')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('frame-busy')).toHaveCount(0);
}

for (const theme of ['dark', 'light'] as const) {
  test(`the sample in the ${theme} theme: no contrast, serious or critical violations`, async ({ page, served }) => {
    await page.goto(served.url);
    await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
    if (theme === 'light') await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await settled(page);
    // The key facts are on screen: the verdict badges, the pointers and the plane figures.
    await expect(page.getByTestId('overall-badge')).toBeVisible();
    await expect(page.getByTestId('ffmpeg-pointer-0')).toBeVisible();
    await expect(page.getByTestId('aliasing-badge')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const contrast = results.violations.filter((v) => v.id === 'color-contrast');
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(describeViolations(contrast)).toBe('');
    expect(describeViolations(severe)).toBe('');
    // The words for the jargon, opened from the identity panel, read as well as the panel.
    await page.getByTestId('identity-panel').getByTestId('glossary-aliasing-proof').click();
    const glossary = await new AxeBuilder({ page })
      .include('[data-testid="glossary-popover-aliasing-proof"]')
      .analyze();
    expect(describeViolations(glossary.violations)).toBe('');
    test.info().annotations.push({
      type: 'figure',
      description: `${theme}: ${results.passes.length} axe rules passed, ${results.violations.length} violations (${results.violations.map((v) => `${v.id}/${v.impact ?? '?'}`).join(', ') || 'none'})`,
    });
  });
}
