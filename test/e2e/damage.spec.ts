import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/e2e/fixtures';
import { call, openSocket, screenshotPath } from '../support/live/serve';
import { ROOT } from '../support/paths';

const DAMAGED = path.join(ROOT, 'test', 'fixtures', 'h264-damaged-642x362.mp4');

test('frames FFmpeg concealed are marked, in the report and on screen', async ({ page, served }) => {
  // A copy in the test's own folder, so the screenshot names no folder of the machine that made it.
  const copy = path.join(served.configDir, path.basename(DAMAGED));
  await copyFile(DAMAGED, copy);
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await page.getByTestId('path-input').fill(copy);
  await page.getByTestId('open-path').click();
  const indicator = page.getByTestId('frame-indicator');
  await expect(indicator).toContainText('frame 0 of');
  await expect(page.getByTestId('frame-damage')).toHaveCount(0);
  await page.getByTestId('step-forward').click();
  await expect(indicator).toContainText('frame 1 of');
  await expect(page.getByTestId('frame-damage')).toContainText("Frame 1: FFmpeg's decoder met damaged data");
  await expect(page.getByTestId('frame-damage-messages')).toContainText('error while decoding MB');
  await page.screenshot({ path: screenshotPath('damaged-frame-concealed'), fullPage: true });
  await page.getByTestId('step-forward').click();
  await expect(indicator).toContainText('frame 2 of');
  await expect(page.getByTestId('frame-damage')).toHaveCount(0);
});

test('the report says which frames were concealed, and clean frames say so too', async ({ served }) => {
  const opened = await openSocket(served);
  if (!('socket' in opened)) throw new Error(`refused: ${opened.status}`);
  const { socket } = opened;
  const info = (await call(socket, 'open', { path: DAMAGED }, 1)) as { result: { info: { frameCount: number } } };
  const concealed: number[] = [];
  for (let index = 0; index < info.result.info.frameCount; index += 1) {
    const answer = (await call(socket, 'show', { target: { index }, options: { proof: false } }, 100 + index)) as {
      result: { report: { damage: { concealed: boolean; messages: string[] } } };
    };
    const { damage } = answer.result.report;
    if (damage.concealed) {
      concealed.push(index);
      expect(damage.messages.length).toBeGreaterThan(0);
    } else expect(damage.messages).toEqual([]);
  }
  expect(concealed).toEqual([1, 10, 15]);
  socket.close();
});
