import { describe, expect, it } from 'vitest';
import { captureFileName, panelRect } from '../../electron/main/panel-rect';

describe('panelRect', () => {
  it('rounds a panel box to whole pixels inside the page', () => {
    expect(panelRect({ x: 12.4, y: -3, width: 500.2, height: 300 })).toEqual({ x: 12, y: 0, width: 501, height: 300 });
  });

  it.each([
    null,
    'x',
    {},
    { x: 0, y: 0, width: Number.NaN, height: 1 },
    { x: 0, y: 0, width: 0, height: 10 },
    { x: 0, y: 0, width: 9000, height: 10 },
  ])('refuses %j', (value) => expect(panelRect(value)).toBeNull());
});

describe('captureFileName', () => {
  it('keeps a plain .zci name and makes one from anything else', () => {
    expect(captureFileName('demo.zci')).toBe('demo.zci');
    expect(captureFileName('../../etc/clip')).toBe('clip.zci');
    expect(captureFileName('my clip?.ZCI')).toBe('my clip_.ZCI');
    expect(captureFileName('.hidden')).toBe('capture.zci');
    expect(captureFileName(42)).toBe('capture.zci');
  });
});
