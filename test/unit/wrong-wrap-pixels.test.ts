/** The comparison of the naive picture with the correct one: difference, PSNR, strongest colour edge, crop. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { decodePng } from '../../electron/capture/png';
import { newestPreviewsFile } from '../support/gpu-runs';
import { compareWrap } from '../../renderer/src/components/wrongwrap/compare';
import { cropAround, cropText, magnify } from '../../renderer/src/components/wrongwrap/crop';
import { amplifiedDifference, differingPixels, DIFF_GAIN } from '../../renderer/src/components/wrongwrap/difference';
import { strongestColourEdge } from '../../renderer/src/components/wrongwrap/edge';
import type { RgbPixels } from '../../renderer/src/components/wrongwrap/pixels';
import { formatDb, naiveVerdict, psnr, VISIBLY_WRONG_DB } from '../../renderer/src/components/wrongwrap/psnr';

/** A picture whose pixel (x, y) is colour(x, y). */
function picture(width: number, height: number, colour: (x: number, y: number) => Rgb): RgbPixels {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) rgb.set(colour(x, y), (y * width + x) * 3);
  return { width, height, rgb };
}

type Rgb = [number, number, number];
const grey: Rgb = [128, 128, 128];

interface Recorded {
  file: string;
  name: string;
  png: string;
  psnr?: number;
}

/** A picture of the padded 1080p fixture as the GPU run that recorded last (docs/gpu-runs, by recorded time) made it, and its figures. */
function recorded(name: string): { image: RgbPixels; psnr: number | undefined } {
  const entries = JSON.parse(gunzipSync(readFileSync(newestPreviewsFile())).toString('utf8')) as Recorded[];
  const entry = entries.find((e) => e.file === 'h264-1080p-420.mp4' && e.name === name)!;
  const png = decodePng(Buffer.from(entry.png, 'base64'));
  return { image: { width: png.width, height: png.height, rgb: Uint8Array.from(png.data) }, psnr: entry.psnr };
}

describe('amplifiedDifference', () => {
  it('multiplies |a − b| by the gain per channel, clamps at 255, and is black where the pictures agree', () => {
    const a = picture(3, 1, (x) => ([[10, 10, 10], [0, 0, 0], grey] as Rgb[])[x]!);
    const b = picture(3, 1, (x) => ([[13, 10, 7], [200, 0, 31], grey] as Rgb[])[x]!);
    const diff = amplifiedDifference(a, b, DIFF_GAIN);
    expect([...diff.rgb]).toEqual([24, 0, 24, 255, 0, 248, 0, 0, 0]);
    expect(differingPixels(a, b)).toBe(2);
    expect(differingPixels(a, a)).toBe(0);
    expect([...amplifiedDifference(a, a).rgb].every((v) => v === 0)).toBe(true);
  });
});

describe('psnr', () => {
  it('is Infinity for equal pictures and follows 10·log10(255²/MSE) over every byte', () => {
    const black = picture(4, 2, () => [0, 0, 0]);
    expect(psnr(black, black)).toBe(Infinity);
    expect(
      psnr(
        black,
        picture(4, 2, () => [255, 255, 255]),
      ),
    ).toBeCloseTo(0, 10);
    expect(
      psnr(
        black,
        picture(4, 2, () => [1, 1, 1]),
      ),
    ).toBeCloseTo(10 * Math.log10(255 * 255), 10);
    // One byte of 24 off by 24: MSE 24.
    const one = picture(4, 2, (x, y) => (x === 0 && y === 0 ? [24, 0, 0] : [0, 0, 0]));
    expect(psnr(black, one)).toBeCloseTo(10 * Math.log10((255 * 255) / 24), 10);
  });

  it("agrees with the addon's own figure on a GPU thumbnail and its CPU reference recorded on a real GPU", () => {
    const convert = recorded('convert');
    expect(psnr(convert.image, recorded('reference').image)).toBeCloseTo(convert.psnr!, 9);
  });
});

describe('naiveVerdict', () => {
  it('says visibly wrong under the bar, hard to see above it, and says so when the naive view happens to be right', () => {
    expect(VISIBLY_WRONG_DB).toBe(35);
    expect(formatDb(14.24)).toBe('14.2 dB');
    expect(naiveVerdict(14.24)).toEqual({
      tone: 'bad',
      text: 'naive wrap: 14.2 dB against the correct picture — visibly wrong',
    });
    expect(naiveVerdict(41)).toEqual({
      tone: 'warn',
      text: 'naive wrap: 41.0 dB against the correct picture — wrong, but hard to see',
    });
    expect(naiveVerdict(Infinity)).toEqual({
      tone: 'ok',
      text: 'naive wrap: equal to the correct picture on this frame — the naive view happens to be right',
    });
  });
});

describe('strongestColourEdge', () => {
  it('finds the row pair whose colour changes most across the width, and the column where it changes most', () => {
    // Grey above row 6; below it red on the left half and a paler red on the right: the edge is rows 5/6, column 0.
    const image = picture(8, 10, (x, y) => (y < 6 ? grey : x < 4 ? [230, 20, 20] : [180, 90, 90]));
    expect(strongestColourEdge(image)).toMatchObject({ x: 0, y: 5 });
    // A weaker colour edge higher up does not win.
    const two = picture(8, 10, (_, y) => (y < 2 ? [140, 120, 128] : y < 6 ? grey : [20, 20, 230]));
    expect(strongestColourEdge(two)).toMatchObject({ y: 5 });
  });

  it('ignores edges of brightness alone (a chroma shift leaves them in place) and gives null without a colour edge', () => {
    const steps = picture(6, 6, (_, y) => (y < 3 ? [16, 16, 16] : [235, 235, 235]));
    expect(strongestColourEdge(steps)).toBeNull();
    const both = picture(6, 6, (x, y) =>
      y < 3 ? [16, 16, 16] : y < 5 ? [235, 235, 235] : x === 4 ? [0, 0, 255] : [235, 235, 235],
    );
    expect(strongestColourEdge(both)).toMatchObject({ x: 4, y: 4 });
  });
});

describe('cropAround and magnify', () => {
  it('centres the window on the edge and keeps it inside the picture', () => {
    const size = { width: 256, height: 144 };
    expect(cropAround({ x: 100, y: 60 }, size)).toEqual({ left: 88, top: 53, width: 24, height: 16 });
    expect(cropAround({ x: 2, y: 0 }, size)).toEqual({ left: 0, top: 0, width: 24, height: 16 });
    expect(cropAround({ x: 255, y: 142 }, size)).toEqual({ left: 232, top: 128, width: 24, height: 16 });
    expect(cropAround({ x: 1, y: 1 }, { width: 4, height: 3 })).toEqual({ left: 0, top: 0, width: 4, height: 3 });
    expect(cropText({ left: 88, top: 53, width: 24, height: 16 }, size)).toBe('x 88–111, y 53–68 of 256×144');
  });

  it('repeats every pixel of the window scale × scale times (nearest neighbour, no smoothing)', () => {
    const image = picture(4, 3, (x, y) => [x * 10, y * 10, 7]);
    const big = magnify(image, { left: 1, top: 1, width: 2, height: 2 }, 3);
    expect(big.width).toBe(6);
    expect(big.height).toBe(6);
    const at = (x: number, y: number) => [...big.rgb.subarray((y * 6 + x) * 3, (y * 6 + x) * 3 + 3)];
    expect(at(0, 0)).toEqual([10, 10, 7]);
    expect(at(2, 2)).toEqual([10, 10, 7]);
    expect(at(3, 0)).toEqual([20, 10, 7]);
    expect(at(5, 5)).toEqual([20, 20, 7]);
    expect(at(0, 3)).toEqual([10, 20, 7]);
  });
});

describe('compareWrap', () => {
  it('on a naive picture recorded on a real GPU: visibly wrong, a difference, and a crop at a colour edge', () => {
    const naive = recorded('wrong-wrap').image;
    const correct = recorded('convert').image;
    const comparison = compareWrap(naive, correct)!;
    expect(comparison.psnr).toBeLessThan(VISIBLY_WRONG_DB);
    expect(comparison.differing).toBeGreaterThan(0);
    expect(comparison.pixels).toBe(correct.width * correct.height);
    expect(comparison.edge).not.toBeNull();
    expect(comparison.crop?.naive.width).toBe(24 * 8);
    expect(comparison.crop?.correct.height).toBe(16 * 8);
  });

  it('gives null for pictures of different sizes, and Infinity with an empty difference for equal ones', () => {
    const a = picture(4, 4, () => grey);
    expect(
      compareWrap(
        a,
        picture(4, 3, () => grey),
      ),
    ).toBeNull();
    const same = compareWrap(a, a)!;
    expect(same.psnr).toBe(Infinity);
    expect(same.differing).toBe(0);
    expect(same.crop).toBeNull();
  });
});
