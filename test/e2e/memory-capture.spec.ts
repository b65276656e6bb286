/**
 * A frame's memory in a capture, in a real browser over serve mode and the real addon: a capture made here, the
 * bundled H200 capture and one saved from the page keep the rows the probe and the boundary view read, equal to a
 * frame FFmpeg's command line decodes on its own, and say which rows they kept where they lack one.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { openPath, probe, rawFrame, rawSample, reportOf } from '../support/e2e/memory-reads';
import { cliCapture } from '../support/live/cli-capture';
import { screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';

test('a capture made here keeps the bytes the probe and the boundary view read, and says which rows it kept where it lacks one', async ({
  page,
  served,
}) => {
  // Made by the command line from a real decode, opened as a capture: no video behind it.
  const capture = path.join(served.configDir, 'padded-memory.zci');
  cliCapture(CLIPS.padded, '0', capture, ['--no-previews', '--decode', 'software']);
  const report = await reportOf(CLIPS.padded, 0);
  const luma = rawFrame(CLIPS.padded, 0, report)[0]!;
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, capture);
  await expect(page.getByTestId('capture-banner')).toBeVisible();

  // The hidden rows below the picture, kept by the capture: the same bytes as FFmpeg's own uncropped decode.
  const coded = await probe(page, 0, 100, 1084);
  expect(coded.region).toBe('coded-not-displayed');
  expect(coded.words[0]?.value).toBe(rawSample(luma, 100, 1084).value);
  const first = await probe(page, 0, 7, 0);
  expect(first.words[0]?.value).toBe(rawSample(luma, 7, 0).value);
  await expect(page.getByTestId('boundary-row-0-1084-hex')).not.toContainText('reading');
  await expect(page.getByTestId('boundary-row-0-1079-hex')).not.toContainText('reading');

  // A row the capture did not keep: said, with the frame and the rows, never "reading" for ever.
  await page.getByTestId('probe-x').fill('100');
  await page.getByTestId('probe-y').fill('300');
  await page.getByTestId('probe-go').click();
  await expect(page.getByTestId('probe-raw')).toContainText('not captured');
  // A fact about the capture, not a failure: no red error, and the rows it did keep by plane name.
  const notCaptured = page.getByTestId('probe-not-captured');
  await expect(notCaptured).toContainText(/^Not in this capture \(kept: Y rows \d/);
  await expect(page.getByTestId('probe-error')).toHaveCount(0);
  const lumaRuns = /kept: Y rows ([^;)]*)/.exec((await notCaptured.textContent()) ?? '')?.[1] ?? '';
  const runs = lumaRuns.split(', ').map((run) => run.split('–').map(Number));
  const kept = (row: number) => runs.some(([from, to]) => from !== undefined && row >= from && row <= (to ?? from));
  expect(runs.length).toBeGreaterThan(0);
  expect(kept(1084)).toBe(true);
  expect(kept(300)).toBe(false);
  await page.getByTestId('probe-panel').screenshot({ path: screenshotPath('capture-probe-not-captured') });
  await page.getByTestId('boundary-panel').screenshot({ path: screenshotPath('capture-boundary-bytes') });
});

test('the H200 capture keeps NVDEC’s hidden rows: the probe and the boundary view read them, equal to FFmpeg’s decode here', async ({
  page,
  served,
}) => {
  // The bundled capture, made on the H200 from today's sample (test/unit/bundled-capture.test.ts): NVDEC decoded the
  // 8 coded rows under the 1080 shown, and H.264 decodes bit-exactly, so the bytes the H200 kept there are FFmpeg's
  // uncropped software decode of the same frame on this machine.
  const copy = path.join(served.configDir, 'h200.zci');
  copyFileSync(path.join(ROOT, 'assets', 'gpu-capture.zci'), copy);
  const report = await reportOf(CLIPS.sample, 0);
  const [luma, u, v] = rawFrame(CLIPS.sample, 0, report);
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, copy);
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  await expect(page.getByTestId('decode-path')).toContainText('NVDEC');

  const coded = await probe(page, 0, 100, 1084);
  expect(coded.region).toBe('coded-not-displayed');
  expect(coded.words[0]?.value).toBe(rawSample(luma!, 100, 1084).value);
  // NV12's chroma: U and V interleaved in plane 1, its coded rows 540-543 under the 540 shown.
  const chroma = await probe(page, 1, 50, 542);
  expect(chroma.region).toBe('coded-not-displayed');
  expect(chroma.words.map((w) => w.value)).toEqual([rawSample(u!, 50, 542).value, rawSample(v!, 50, 542).value]);
  for (const row of [1078, 1079, 1080, 1087])
    await expect(page.getByTestId(`boundary-row-0-${row}-hex`)).not.toContainText(/reading|not captured/);
  await page.getByTestId('boundary-panel').screenshot({ path: screenshotPath('h200-capture-boundary-bytes') });
});

test('Save capture keeps the rows around the pixel pinned in the probe, and the capture reads it back', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, CLIPS.padded);
  const live = await probe(page, 0, 321, 600); // pins the pixel
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('capture-memory')).toContainText('around the pinned pixel (321, 600)');
  const target = path.join(served.configDir, 'pinned.zci');
  await page.getByTestId('capture-path').fill(target);
  await page.getByTestId('capture-save').click();
  await expect(page.getByTestId('capture-saved')).toContainText('Saved 1 frames');
  await page.keyboard.press('Escape');
  await openPath(page, target);
  await expect(page.getByTestId('capture-banner')).toBeVisible();
  const replayed = await probe(page, 0, 321, 600);
  expect(replayed.words).toEqual(live.words);
});
