/**
 * Reading a frame's memory in the page and apart from it, for the memory specs: open a file in serve mode, pin the
 * probe on a pixel and read its raw samples, the addon's own report of a frame, and the frame as FFmpeg's command
 * line decodes it on its own.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { FrameReport } from '../../../contract/report';
import { addon } from '../live/addon';
import { expect } from './fixtures';

/** Types a path into serve mode's path field and opens it. */
export async function openPath(page: Page, file: string): Promise<void> {
  await page.getByTestId('path-input').fill(file);
  await page.getByTestId('open-path').click();
  await expect(page.getByTestId('file-name')).toHaveText(path.basename(file));
}

/** The addon's own report of a frame, made apart from the page. */
export async function reportOf(file: string, index: number): Promise<FrameReport> {
  const session = await addon.Session.open(file);
  try {
    return (await session.show({ index })).report;
  } finally {
    session.close();
  }
}

/** Pins the probe on pixel (x, y) of a plane and waits for its raw samples. */
export async function probe(page: Page, plane: number, x: number, y: number) {
  await page.getByTestId(`probe-plane-${plane}`).click();
  await page.getByTestId('probe-x').fill(String(x));
  await page.getByTestId('probe-y').fill(String(y));
  await page.getByTestId('probe-go').click();
  const xy = page.getByTestId('probe-xy');
  await expect(xy).toHaveAttribute('data-x', String(x));
  await expect(xy).toHaveAttribute('data-y', String(y));
  await expect(xy).toHaveAttribute('data-plane', String(plane));
  await expect(page.getByTestId('probe-sample-0')).toBeVisible();
  const samples = page.locator('[data-testid^="probe-sample-"]');
  const words: { word: string; value: number }[] = [];
  for (let i = 0; i < (await samples.count()); i += 1) {
    const sample = samples.nth(i);
    const word = (await sample.getAttribute('data-word')) ?? '';
    const value = Number(await sample.getAttribute('data-value'));
    // What the readout shows in words, not only in its attributes.
    await expect(sample).toContainText(word);
    await expect(sample).toContainText(String(value));
    words.push({ word, value });
  }
  return { words, region: await page.getByTestId('probe-region').getAttribute('data-region') };
}

/** One plane of a raw frame: its samples across and down, and bytes per sample. */
interface RawPlane {
  width: number;
  height: number;
  bytesPerSample: number;
  data: Buffer;
}

/**
 * Frame index of a clip as FFmpeg's command line decodes it on its own: raw planes in the stream's native format
 * (planar: Y, U, V), uncropped (apply_cropping 0), so the rows and columns coded beyond the picture are there too.
 */
export function rawFrame(file: string, index: number, report: FrameReport): RawPlane[] {
  const { codedWidth, codedHeight, chromaSubsampling, bitDepth } = report.format;
  const bytesPerSample = bitDepth > 8 ? 2 : 1;
  const [, b, c] = chromaSubsampling.split(':').map(Number);
  const h = b === 4 ? 1 : 2;
  const v = c === 0 ? 2 : 1;
  const dims = [
    [codedWidth, codedHeight],
    [Math.ceil(codedWidth / h), Math.ceil(codedHeight / v)],
    [Math.ceil(codedWidth / h), Math.ceil(codedHeight / v)],
  ];
  const frameBytes = dims.reduce((sum, [w = 0, r = 0]) => sum + w * r * bytesPerSample, 0);
  const out = execFileSync(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-apply_cropping', '0', '-i', file].concat([
      '-frames:v',
      String(index + 1),
      '-f',
      'rawvideo',
      '-',
    ]),
    // FFmpeg's own complaints about the damaged clip's later frames are not this test's output.
    { maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  expect(out.length, 'the raw frames are as large as the coded size says').toBe(frameBytes * (index + 1));
  let at = frameBytes * index;
  return dims.map(([width = 0, height = 0]) => {
    const data = out.subarray(at, at + width * height * bytesPerSample);
    at += data.length;
    return { width, height, bytesPerSample, data };
  });
}

/** A sample of a raw plane: its value, and its little-endian word for 16-bit samples. */
export function rawSample(plane: RawPlane, x: number, y: number): { value: number; word: number } {
  const at = (y * plane.width + x) * plane.bytesPerSample;
  const word = plane.bytesPerSample === 2 ? plane.data.readUInt16LE(at) : (plane.data[at] ?? 0);
  return { value: word, word };
}
