/** The store's pure logic: frame numbers clamped into the clip, the keyboard shortcuts, the frame a restart reopens. */
import { describe, expect, it } from 'vitest';
import { actionFor } from '../../renderer/src/components/help/shortcuts';
import { clampFrame } from '../../renderer/src/store/frame-slice';
import { withShownFrame } from '../../renderer/src/store/restart-frame';

describe('frame numbers', () => {
  it('are clamped into the clip', () => {
    expect(clampFrame(-3, 48)).toBe(0);
    expect(clampFrame(99, 48)).toBe(47);
    expect(clampFrame(4.4, 48)).toBe(4);
    expect(clampFrame(5, 0)).toBe(0);
  });
});

describe('shortcuts', () => {
  const key = (k: string, extra: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) => ({
    key: k,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...extra,
  });
  it('map keys to actions, except inside fields and with modifiers', () => {
    expect(actionFor(key('ArrowRight'), false)).toBe('next');
    expect(actionFor(key('ArrowLeft', { shiftKey: true }), false)).toBe('prev10');
    expect(actionFor(key('?'), false)).toBe('help');
    expect(actionFor(key('ArrowRight'), true)).toBeNull();
    expect(actionFor(key('Escape'), true)).toBe('escape');
    expect(actionFor(key('t', { ctrlKey: true }), false)).toBeNull();
  });
});

describe('the frame a restart notice offers to reopen', () => {
  const event = {
    reason: 'signal SIGKILL',
    exitCode: null,
    signal: 'SIGKILL',
    restarts: 1,
    lastFile: '/v/a.mp4',
    lastFrame: 0,
  };
  it('is the frame on screen when the backend had not yet told of the last step', () => {
    expect(withShownFrame(event, { file: '/v/a.mp4', frameIndex: 10 }).lastFrame).toBe(10);
  });
  it("is the backend's when the window shows another file, or nothing", () => {
    expect(withShownFrame(event, { file: '/v/b.mp4', frameIndex: 10 })).toBe(event);
    expect(withShownFrame(event, null)).toBe(event);
    expect(
      withShownFrame({ ...event, lastFile: null, lastFrame: null }, { file: '/v/a.mp4', frameIndex: 3 }).lastFrame,
    ).toBe(null);
  });
});
