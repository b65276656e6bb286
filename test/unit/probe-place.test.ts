/** The probe's pure helpers: a place typed in a field, whether a pixel is in the view, and the colour line's words. */
import { describe, expect, it } from 'vitest';
import { colourLine } from '../../renderer/src/components/probe/probe-reading';
import { fieldValue, pixelInView } from '../../renderer/src/model/pixel-address';

const FORMAT = {
  format: { bitDepth: 8, colorMatrix: 'bt709', colorRange: 'tv', height: 1080 },
} as unknown as Parameters<typeof colourLine>[0];
const COSITED = {
  y: { plane: 0, x: 4, y: 2, component: 0 },
  u: { plane: 1, x: 2, y: 1, component: 0 },
  v: { plane: 1, x: 2, y: 1, component: 1 },
  note: 'chroma pixel (2, 1)',
};

describe('fieldValue', () => {
  it('reads a whole number below the limit, spaces around it allowed, and nothing else', () => {
    expect(fieldValue(' 12 ', 13)).toBe(12);
    expect(fieldValue('0', 1)).toBe(0);
    expect(fieldValue('13', 13)).toBeNull();
    expect(fieldValue('1.5', 13)).toBeNull();
    expect(fieldValue('-1', 13)).toBeNull();
    expect(fieldValue('', 13)).toBeNull();
  });
});

describe('pixelInView', () => {
  const view = { zoom: 4, x: 10, y: 20 };
  const box = { width: 400, height: 200 };
  it('is true inside, false within 2 screen pixels of the top and left edges and a whole pixel of the others', () => {
    expect(pixelInView(view, { x: 50, y: 40 }, box)).toBe(true);
    expect(pixelInView(view, { x: 10.5, y: 40 }, box)).toBe(true);
    expect(pixelInView(view, { x: 10.4, y: 40 }, box)).toBe(false);
    expect(pixelInView(view, { x: 50, y: 20.4 }, box)).toBe(false);
    expect(pixelInView(view, { x: 108.9, y: 40 }, box)).toBe(true);
    expect(pixelInView(view, { x: 109, y: 40 }, box)).toBe(false);
    expect(pixelInView(view, { x: 50, y: 69 }, box)).toBe(false);
  });
});

describe('colourLine', () => {
  const values = new Map([
    ['0:4:2:0', 235],
    ['1:2:1:0', 128],
    ['1:2:1:1', 128],
  ]);
  const valueOf = (at: { plane: number; x: number; y: number; component: number }) =>
    values.get(`${at.plane}:${at.x}:${at.y}:${at.component}`) ?? null;
  it('gives the colour and the three samples of a displayed pixel', () => {
    const line = colourLine(FORMAT, COSITED, 'visible', { missingWords: 'not read', missed: false, valueOf });
    expect(line.note).toBe('Y 235, U 128, V 128: chroma pixel (2, 1)');
    expect(line.rgb).toMatchObject({ r: 255, g: 255, b: 255 });
  });
  it('says why there is no colour: not displayed, not YUV, a sample missing or still being read', () => {
    const how = { missingWords: 'not captured', missed: false, valueOf: () => null };
    expect(colourLine(FORMAT, COSITED, 'right-padding', how)).toEqual({ rgb: null, note: 'not a displayed pixel' });
    expect(colourLine(FORMAT, null, 'visible', how).note).toBe('not a YUV frame in two or three planes');
    expect(colourLine(FORMAT, COSITED, null, how).note).toBe('reading the co-sited samples…');
    expect(colourLine(FORMAT, COSITED, 'visible', { ...how, missed: true }).note).toBe('not captured at this pixel');
  });
});
