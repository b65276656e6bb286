import { describe, expect, it } from 'vitest';
import { captureFileName } from '../../electron/main/capture-name';

describe('captureFileName', () => {
  it('keeps a plain .zci name and makes one from anything else', () => {
    expect(captureFileName('demo.zci')).toBe('demo.zci');
    expect(captureFileName('../../etc/clip')).toBe('clip.zci');
    expect(captureFileName('my clip?.ZCI')).toBe('my clip_.ZCI');
    expect(captureFileName('.hidden')).toBe('capture.zci');
    expect(captureFileName(42)).toBe('capture.zci');
  });
});
