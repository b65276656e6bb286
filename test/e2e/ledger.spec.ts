/** The copy ledger panel on a capture made on the H200 with --ledger: CUPTI's record of each captured frame step. */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { readCapture } from '../../electron/capture/capture-file';
import { expect, test } from '../support/e2e/fixtures';
import { screenshotPath } from '../support/live/serve';
import { recordedRuns } from '../support/gpu-runs';

/** The capture of the GPU run that recorded last among those whose capture's frames all carry a recording ledger,
 * or null when no run has one yet. */
async function ledgerCapture(): Promise<string | null> {
  for (const run of recordedRuns(['gpu-capture.zci']).reverse()) {
    const file = path.join(run.dir, 'gpu-capture.zci');
    const { manifest } = await readCapture(file, file);
    if (manifest.frames.every((f) => f.report.ledger?.reason === 'RECORDING')) return file;
  }
  return null;
}

test('a GPU capture shows each frame step’s copy ledger: nothing copied by the wrap, copies outside every stage counted and flagged', async ({
  page,
  served,
}) => {
  const found = await ledgerCapture();
  test.skip(found === null, 'no GPU run has recorded a capture with the copy ledger yet');
  const copy = path.join(served.configDir, 'h200-ledger.zci');
  await copyFile(found!, copy);
  const { manifest } = await readCapture(copy, copy);
  const first = manifest.frames[0]!;
  const ledger = first.report.ledger!;
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await page.getByTestId('path-input').fill(copy);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  const panel = page.getByTestId('ledger-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('ledger-source')).toContainText('as captured');
  await expect(page.getByTestId('ledger-count')).toHaveText(String(ledger.records.length));
  await expect(page.getByTestId('ledger-check-wrap')).toHaveAttribute('data-ok', 'true');
  // Every frame of the capture: the wrap copies nothing, and the GPU's account of the thumbnails is the inspector's.
  const outside: string[] = [];
  for (const frame of manifest.frames) {
    const l = frame.report.ledger!;
    expect(
      l.records.filter((r) => r.stage === 'wrap'),
      `frame ${frame.index}`,
    ).toEqual([]);
    outside.push(`frame ${frame.index}: ${l.records.filter((r) => r.stage === 'unattributed').length}`);
    const thumbnails = l.records.filter((r) => r.stage === 'thumbnail');
    expect(thumbnails.length, `frame ${frame.index}: its own thumbnails`).toBe(frame.thumbnails.length);
    expect(thumbnails.reduce((a, r) => a + r.bytes, 0)).toBe(l.reported.thumbnailBytes);
  }
  // Copies issued outside every stage are the capture's truth: counted, and red whenever there are any.
  const unattributed = ledger.records.filter((r) => r.stage === 'unattributed').length;
  const check = page.getByTestId('ledger-check-unattributed');
  await expect(check).toHaveAttribute('data-ok', String(unattributed === 0));
  await expect(check).toContainText(
    `${unattributed} cop${unattributed === 1 ? 'y' : 'ies'} issued outside every stage`,
  );
  test.info().annotations.push({ type: 'figure', description: `copies outside every stage: ${outside.join(', ')}` });
  await expect(page.getByTestId('ledger-check-thumbnails')).toHaveAttribute('data-ok', 'true');
  for (const total of ledger.totals)
    await expect(page.getByTestId(`ledger-total-${total.stage}-${total.kind}`)).toContainText(String(total.count));
  await panel.screenshot({ path: screenshotPath('ledger-h200-capture') });
});
