/** The restart policy: when a dead backend is restarted, and the words for how it ended. */
import { describe, expect, it } from 'vitest';
import { decideRestart, describeExit, DEFAULT_RESTART_POLICY } from '../../electron/supervisor/policy';

describe('restart policy', () => {
  it('restarts quickly at first, then backs off, then gives up', () => {
    expect(decideRestart([1000], 1000)).toEqual({ restart: true, delayMs: DEFAULT_RESTART_POLICY.baseDelayMs });
    expect(decideRestart([1000, 2000], 2000)).toEqual({ restart: true, delayMs: 400 });
    const many = [1, 2, 3, 4, 5, 6].map((t) => t * 1000);
    expect(decideRestart(many, 6000)).toMatchObject({ restart: false });
    expect(decideRestart(many, 6000 + DEFAULT_RESTART_POLICY.windowMs)).toMatchObject({ restart: true });
  });

  it('describes how the process ended', () => {
    expect(describeExit(null, 'SIGKILL')).toBe('the decoder process stopped (signal SIGKILL) and was restarted');
    expect(describeExit(3, null)).toContain('code 3');
  });
});
