/**
 * Seeing the memory in a real browser, over serve mode and the real addon: the layout drawing's axis and insets,
 * the pixel probe on hidden rows and right padding, the boundary view's rows, and the probe's raw samples at random
 * places against a frame FFmpeg's command line decodes on its own. Captures' memory: memory-capture.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CLIPS, expect, test } from '../support/e2e/fixtures';
import { openPath, probe, rawFrame, rawSample, reportOf } from '../support/e2e/memory-reads';
import { screenshotPath } from '../support/live/serve';
import { fixture } from '../support/paths';

/** Shows frame index of the open file. */
async function goToFrame(page: Page, index: number): Promise<void> {
  await page.getByTestId('frame-input').fill(String(index));
  await page.getByTestId('go-frame').click();
  await expect(page.getByTestId('frame-indicator')).toContainText(`frame ${index} of `);
}

/** A seeded generator of whole numbers below n (mulberry32), so a failing place can be found again. */
function randomBelow(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

test('the layout drawing names the hidden rows of the padded 1080p clip and why there are 1088', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, CLIPS.padded);
  const layout = page.getByTestId('layout-panel');
  await expect(layout).toContainText('display 1920×1080 · coded 1920×1088');
  await expect(page.getByTestId('reason-rows')).toContainText(
    'H.264 codes whole 16×16 macroblocks: 1080 rows become 1088',
  );
  await expect(page.getByTestId('inset-row-0-1080')).toHaveAttribute('data-region', 'coded-not-displayed');
  await expectLabelsClear(page);
  await layout.screenshot({ path: screenshotPath('layout') });
  // The presenter view draws the same figure larger; it still fills its cell and no label overlaps another.
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('p');
  await expect(page.getByTestId('presenter-badge-pointers')).toBeVisible();
  await expectLabelsClear(page);
});

/** The drawing fills its cell, and no tick or label of the figure overlaps another or leaves the panel. */
async function expectLabelsClear(page: Page): Promise<void> {
  const boxes = await page.evaluate(() => {
    const rect = (element: Element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width };
    };
    const panel = document.querySelector('[data-testid="layout-panel"]');
    const svg = document.querySelector('[data-testid="layout-svg"]');
    return {
      panel: panel !== null ? rect(panel) : null,
      svg: svg !== null ? rect(svg) : null,
      cell: svg?.parentElement ? rect(svg.parentElement) : null,
      axis: [...document.querySelectorAll('[data-testid="layout-axis"] li')].map(rect),
      labels: [...document.querySelectorAll('[data-testid="layout-labels"] li')].map(rect),
    };
  });
  expect(boxes.svg?.width).toBeGreaterThan(100);
  expect(boxes.svg).toEqual(boxes.cell);
  for (const list of [boxes.axis, boxes.labels]) {
    expect(list.length).toBeGreaterThan(2);
    list.forEach((box, i) => {
      const next = list[i + 1];
      if (next !== undefined) expect(box.bottom, 'a label overlaps the next').toBeLessThanOrEqual(next.top + 0.5);
      expect(box.left).toBeGreaterThanOrEqual(boxes.panel!.left);
      expect(box.right).toBeLessThanOrEqual(boxes.panel!.right);
    });
  }
}

test('probes the coded rows and the padding of the padded clips and reads their bytes', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, CLIPS.padded);
  const report = await reportOf(CLIPS.padded, 0);
  const raw = rawFrame(CLIPS.padded, 0, report);
  const luma = raw[0]!;
  // A row the decoder coded below the 1080 displayed: its bytes are FFmpeg's own uncropped decode.
  const coded = await probe(page, 0, 100, 1084);
  expect(coded.region).toBe('coded-not-displayed');
  expect(coded.words[0]?.value).toBe(rawSample(luma, 100, 1084).value);
  await expect(page.getByTestId('probe-offset')).toHaveText(
    `row × pitch + x × bytes per pixel = 1084 × ${report.planes[0]!.pitch} + 100 × 1 = ${1084 * report.planes[0]!.pitch + 100}`,
  );
  await expect(page.getByTestId('probe-rgb')).toContainText('not a displayed pixel');
  const hidden = report.planes[0]!.hiddenRowsAfter ?? 0;
  if (hidden > 8) {
    const allocator = await probe(page, 0, 100, 1088);
    expect(allocator.region).toBe('allocator-padding');
    expect(allocator.words).toHaveLength(1);
  }
  // The frame is read tile by tile, never whole.
  const frameBytes = Number((await page.getByTestId('probe-frame-bytes').textContent())?.replace(/\D/g, ''));
  expect(frameBytes).toBeGreaterThan(0);
  expect(frameBytes).toBeLessThan(1920 * 1080);
  await expect(page.getByTestId('probe-bytes')).toContainText('never read whole');

  // Right padding: in NVDEC's 2048-byte pitch on a GPU; in software the 1080p rows have none, the odd clip's do.
  const padded = report.planes[0]!.rightPadding > 0 ? CLIPS.padded : fixture('h264-odd-642x362.mp4');
  if (padded !== CLIPS.padded) await openPath(page, padded);
  const paddedReport = await reportOf(padded, 0);
  const paddedRaw = rawFrame(padded, 0, paddedReport);
  const { width, pitch } = paddedReport.planes[0]!;
  const codedWidth = paddedReport.format.codedWidth;
  if (codedWidth > width) {
    const column = await probe(page, 0, width, 10);
    expect(column.region).toBe('coded-not-displayed');
    expect(column.words[0]?.value).toBe(rawSample(paddedRaw[0]!, width, 10).value);
  }
  const padding = await probe(page, 0, pitch - 1, 10);
  expect(padding.region).toBe('right-padding');
  expect(padding.words).toHaveLength(1);
  await expect(page.getByTestId('probe-offset')).toContainText(
    `10 × ${pitch} + ${pitch - 1} × 1 = ${10 * pitch + pitch - 1}`,
  );
  // The corner where the picture, the coded columns and rows, the right padding and the pool's rows meet.
  const corner = await probe(page, 0, width - 1, paddedReport.planes[0]!.height - 1);
  expect(corner.region).toBe('visible');
  await page.getByTestId('probe-zoom-out').click();
  await page.getByTestId('probe-zoom-out').click();
  await expect(page.getByTestId('probe-zoom')).toHaveAttribute('data-zoom', '4');
  await page.getByTestId('probe-panel').screenshot({ path: screenshotPath('probe') });
});

test('the boundary view lists the rows after luma by kind, and where the next plane starts as rows × pitch', async ({
  page,
  served,
}) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, CLIPS.padded);
  const report = await reportOf(CLIPS.padded, 0);
  const [luma, chroma] = report.planes;
  const table = page.getByTestId('boundary-0');
  await expect(table.getByTestId('boundary-row-0-1079')).toHaveAttribute('data-region', 'visible');
  for (let row = 1080; row < 1088; row += 1) {
    await expect(table.getByTestId(`boundary-row-0-${row}`)).toHaveAttribute('data-region', 'coded-not-displayed');
  }
  await expect(table.getByTestId('boundary-row-0-1084-hex')).not.toContainText('reading');
  if (report.allocation.planesInOneAllocation) {
    // NVDEC: chroma follows luma in one allocation, at row 1088 of luma's pitch.
    const offset = chroma!.offsetFromPlane0 ?? 0;
    expect(offset).toBe(1088 * luma!.pitch);
    await expect(page.getByTestId('boundary-next-0')).toContainText(`${offset} = 1088 × ${luma!.pitch}`);
    await expect(table.getByTestId('boundary-row-1-0-number')).toHaveText('1088');
    await expect(table.getByTestId('boundary-row-1-0')).toContainText('first row');
  } else {
    // Software: every plane has its own buffer; luma's ends after its coded rows and the pool's.
    const rows = luma!.height + (luma!.hiddenRowsAfter ?? 0);
    for (let row = 1088; row < rows; row += 1) {
      await expect(table.getByTestId(`boundary-row-0-${row}`)).toHaveAttribute('data-region', 'allocator-padding');
    }
    await expect(page.getByTestId('boundary-end-0')).toContainText(`${rows * luma!.pitch} = ${rows} × ${luma!.pitch}`);
    await expect(page.getByTestId('boundary-end-0')).toContainText(`${chroma!.name} lies in a separate allocation`);
  }
  await expect(table.getByTestId('boundary-row-0-1084-hex')).toContainText(' B …');
  // Host frames are only described to NVCV: the identity verdict says so in amber.
  if (report.decodePath !== 'nvdec' && report.wrap.descriptorOnly) {
    await expect(page.getByTestId('overall-badge')).toHaveAttribute('data-tone', 'warn');
    await expect(page.getByTestId('overall-badge')).toContainText('DESCRIPTOR ONLY');
  }
  // The odd clip's rows: the visible samples, the coded columns and the right padding set apart in every row.
  const odd = fixture('h264-odd-642x362.mp4');
  await openPath(page, odd);
  const oddLuma = (await reportOf(odd, 0)).planes[0]!;
  const oddTable = page.getByTestId('boundary-0');
  await expect(oddTable.getByTestId('boundary-row-0-361-hex')).not.toContainText('reading');
  await expect(oddTable.getByTestId(`boundary-row-0-361-hex-edge-${oddLuma.width}`)).toHaveAttribute(
    'title',
    `byte ${oddLuma.width}: visible | coded but not displayed`,
  );
  await expect(oddTable.getByTestId('boundary-row-0-361-hex-edge-656')).toHaveAttribute(
    'title',
    'byte 656: coded but not displayed | right padding',
  );
  await expect(oddTable.getByTestId('boundary-row-0-362')).toHaveAttribute('data-region', 'coded-not-displayed');
  await page.getByTestId('boundary-panel').screenshot({ path: screenshotPath('boundary') });
});

const VIDEO_FIXTURES = [
  'h264-1080p-420.mp4',
  'hevc-main10-1280x720.mp4',
  'h264-odd-642x362.mp4',
  'h264-damaged-642x362.mp4',
  'h264-444-640x360.mp4',
  'hevc-444-640x360.mp4',
];

for (const [n, name] of VIDEO_FIXTURES.entries()) {
  test(`the probe’s raw samples of ${name} equal FFmpeg’s own decode at 20 random places`, async ({ page, served }) => {
    test.setTimeout(180_000);
    const file = fixture(name);
    // The damaged clip's concealment is left alone: its first frame is whole.
    const index = name.includes('damaged') ? 0 : 3;
    const report = await reportOf(file, index);
    const raw = rawFrame(file, index, report);
    await page.goto(served.url);
    await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
    await openPath(page, file);
    if (index > 0) await goToFrame(page, index);
    const random = randomBelow(0x5eed + n);
    const semiPlanar = report.planes.length === 2;
    const seen: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const p = random(3);
      const plane = raw[p]!;
      const x = random(plane.width);
      const y = random(plane.height);
      const expected = rawSample(plane, x, y);
      const probed = await probe(page, semiPlanar ? Math.min(p, 1) : p, x, y);
      const sample = probed.words[semiPlanar && p === 2 ? 1 : 0]!;
      seen.push(`${p}:${x},${y}=${sample.value}`);
      expect(sample.value, `plane ${p} (${x}, ${y})`).toBe(expected.value);
      if (report.format.swFormat.startsWith('p0')) {
        // P010 keeps the 10 bits high: the word is the value shifted left by 6.
        expect(Number(sample.word)).toBe(expected.value << 6);
      } else {
        expect(Number(sample.word)).toBe(expected.word);
      }
    }
    test.info().annotations.push({ type: 'samples', description: seen.join(' ') });
  });
}

test('the probe and the boundary view pass axe’s accessibility rules', async ({ page, served }) => {
  await page.goto(served.url);
  await expect(page.getByTestId('file-name')).toHaveText('sample.mp4');
  await openPath(page, CLIPS.padded);
  await probe(page, 0, 100, 1084);
  await expect(page.getByTestId('boundary-row-0-1084-hex')).not.toContainText('reading');
  const results = await new AxeBuilder({ page })
    .include('[data-testid="probe-panel"]')
    .include('[data-testid="boundary-panel"]')
    .analyze();
  const found = (violations: typeof results.violations): string[] =>
    violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(found(results.violations)).toEqual([]);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await new AxeBuilder({ page })
    .include('[data-testid="probe-panel"]')
    .include('[data-testid="boundary-panel"]')
    .analyze();
  expect(found(light.violations)).toEqual([]);
});
