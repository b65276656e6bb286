/**
 * Exports of the probe, hex, A/B and layout panels and of the presenter view in Chromium against serve mode: each a PNG at 2× the panel's CSS
 * size with a 28 px band under it, the band's words (file, frame, FFmpeg and NVCV versions, the time) also in the
 * file's tEXt chunk, and the panel's buttons and fields left out of the picture.
 */
import { readFile } from 'node:fs/promises';
import { decodePng } from '../../electron/capture/png';
import { expect, test } from '../support/e2e/fixtures';
import { openAnotherClipAsB, openSample, readAFromGpuCapture } from '../support/e2e/open-sample';

/** The text of the PNG's tEXt chunk with this keyword, or null. */
function pngText(bytes: Buffer, keyword: string): string | null {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'tEXt') {
      const data = bytes.subarray(at + 8, at + 8 + length);
      const nul = data.indexOf(0);
      if (data.toString('latin1', 0, nul) === keyword) return data.toString('latin1', nul + 1);
    }
    if (type === 'IEND') break;
    at += length + 12;
  }
  return null;
}

const PANELS = ['probe-panel', 'hex-panel', 'ab-panel', 'layout-panel'] as const;

test('each panel exports as a PNG at 2× with its provenance band and without its controls', async ({
  page,
  served,
}) => {
  await openSample(page, served, { abPair: true });

  for (const panel of PANELS) {
    await page.getByTestId('share-button').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`export-png-${panel}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sample-frame-1-${panel}.png`);
    const bytes = await readFile(await download.path());
    const box = (await page.getByTestId(panel).boundingBox())!;
    const image = decodePng(new Uint8Array(bytes));
    expect(image.width, panel).toBe(2 * Math.ceil(box.width));
    expect(image.height, panel).toBe(2 * (Math.ceil(box.height) + 28));
    const band = pngText(bytes, 'Comment');
    expect(band, panel).toContain('live decode of');
    expect(band, panel).toContain('sample.mp4, frame 1');
    expect(band, panel).toMatch(/FFmpeg \S+/);
    expect(band, panel).toMatch(/NVCV \S+/);
    expect(band, panel).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    // The band is drawn: its text colour appears in the band's rows.
    const row = image.height - 28;
    const texty = Array.from({ length: image.width }, (_, x) => image.data[(row * image.width + x) * image.channels]!);
    expect(new Set(texty).size, `${panel}: words drawn in the band`).toBeGreaterThan(1);
    // No controls: where the hex view's Go button is on screen, the picture shows the panel's own background, as at
    // the panel's left padding on the same line.
    if (panel === 'hex-panel') {
      const go = (await page.getByTestId('hex-go').boundingBox())!;
      const y = Math.round(2 * (go.y + go.height / 2 - box.y));
      const pixel = (x: number): number[] => {
        const at = (y * image.width + x) * image.channels;
        return [...image.data.subarray(at, at + 3)];
      };
      expect(pixel(Math.round(2 * (go.x + go.width / 2 - box.x)))).toEqual(pixel(12));
    }
  }
  await expect(page.getByTestId('error-banner')).toBeHidden();

  // The presenter view: its PNG button, the same size, band and words.
  await page.keyboard.press('p');
  await expect(page.getByTestId('presenter-view')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('presenter-export').click()]);
  expect(download.suggestedFilename()).toBe('sample-frame-1-presenter-view.png');
  const bytes = await readFile(await download.path());
  const box = (await page.getByTestId('presenter-view').boundingBox())!;
  const image = decodePng(new Uint8Array(bytes));
  expect(image.width).toBe(2 * Math.ceil(box.width));
  expect(image.height).toBe(2 * (Math.ceil(box.height) + 28));
  // The view is drawn, not an empty box: its top quarter (the verdicts) holds many colours.
  const colours = new Set<number>();
  for (let y = 0; y < image.height / 4; y += 7)
    for (let x = 0; x < image.width; x += 7) colours.add(image.data[(y * image.width + x) * image.channels]!);
  expect(colours.size).toBeGreaterThan(8);
  expect(pngText(bytes, 'Comment')).toMatch(/sample\.mp4, frame 1 · FFmpeg \S+ · NVCV \S+ · \d{4}-/);
  await expect(page.getByTestId('error-banner')).toBeHidden();
});

test('an A/B whose table scrolls inside the panel exports whole: the picture is the panel unfolded', async ({
  page,
  served,
}) => {
  // B another clip, A the H200's capture of the sample: more fields differ than the panel has room for.
  await openAnotherClipAsB(page, served, 'another-clip-1080p.mp4');
  await readAFromGpuCapture(page, served);
  const scroll = page.getByTestId('ab-table-scroll');
  const hidden = await scroll.evaluate((region) => region.scrollHeight - region.clientHeight);
  expect(hidden, 'the table scrolls inside the panel').toBeGreaterThan(20);

  await page.getByTestId('share-button').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-png-ab-panel').click(),
  ]);
  const image = decodePng(new Uint8Array(await readFile(await download.path())));
  const box = (await page.getByTestId('ab-panel').boundingBox())!;
  // The rows the window scrolls away are in the picture: it is taller than the panel on screen by about them.
  const shown = Math.ceil(box.height);
  expect(image.width).toBe(2 * Math.ceil(box.width));
  expect(image.height / 2 - 28, 'the picture holds the rows scrolled away').toBeGreaterThanOrEqual(shown + hidden - 2);
  expect(image.height / 2 - 28).toBeLessThanOrEqual(shown + hidden + 40);
  // And the picture's lowest rows are the table's, not the page's background: a row of the band's height above the
  // band holds more than one colour.
  const row = image.height - 2 * 28 - 40;
  const colours = new Set(
    Array.from({ length: image.width }, (_, x) => image.data[(row * image.width + x) * image.channels]!),
  );
  expect(colours.size, 'the unfolded table is drawn to its end').toBeGreaterThan(1);
});
