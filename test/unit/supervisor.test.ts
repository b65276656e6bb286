import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideRestart, describeExit, DEFAULT_RESTART_POLICY } from '../../electron/supervisor/policy';
import type { ChildMessage, ParentMessage } from '../../electron/supervisor/protocol';
import { Supervisor, type ChildHandle } from '../../electron/supervisor/supervisor';

class FakeChild implements ChildHandle {
  static count = 0;
  readonly pid = ++FakeChild.count;
  readonly sent: ParentMessage[] = [];
  killed = false;
  private messageListener: (message: ChildMessage) => void = () => undefined;
  private exitListener: (code: number | null, signal: string | null) => void = () => undefined;
  send(message: ParentMessage): void {
    this.sent.push(message);
  }
  onMessage(listener: (message: ChildMessage) => void): void {
    this.messageListener = listener;
  }
  onExit(listener: (code: number | null, signal: string | null) => void): void {
    this.exitListener = listener;
  }
  kill(): void {
    this.killed = true;
  }
  say(message: ChildMessage): void {
    this.messageListener(message);
  }
  die(code: number | null, signal: string | null): void {
    this.exitListener(code, signal);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

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

describe('Supervisor', () => {
  it('restarts a dead backend and reports where each client was', async () => {
    vi.useFakeTimers();
    const children: FakeChild[] = [];
    const supervisor = new Supervisor(() => {
      const child = new FakeChild();
      children.push(child);
      return child;
    });
    const restarted = vi.fn();
    supervisor.on('restarted', restarted);
    supervisor.start();
    children[0]?.say({ type: 'state', clientId: 'c1', state: { lastFile: '/v.mp4', lastFrame: 7 } });
    expect(supervisor.stateOf('c1')).toEqual({ lastFile: '/v.mp4', lastFrame: 7 });
    children[0]?.die(null, 'SIGKILL');
    expect(supervisor.child()).toBeNull();
    await vi.advanceTimersByTimeAsync(DEFAULT_RESTART_POLICY.baseDelayMs);
    expect(children).toHaveLength(2);
    expect(supervisor.child()).toBe(children[1]);
    expect(restarted).toHaveBeenCalledWith({
      reason: describeExit(null, 'SIGKILL'),
      exitCode: null,
      signal: 'SIGKILL',
      restarts: 1,
    });
    expect(supervisor.stateOf('c1').lastFrame).toBe(7);
    supervisor.stop();
    expect(children[1]?.killed).toBe(true);
  });

  it('does not restart after stop()', async () => {
    vi.useFakeTimers();
    let spawned = 0;
    const child = new FakeChild();
    const supervisor = new Supervisor(() => {
      spawned += 1;
      return child;
    });
    supervisor.start();
    supervisor.stop();
    child.die(0, null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spawned).toBe(1);
  });

  it('gives up when the backend keeps dying', async () => {
    vi.useFakeTimers();
    const children: FakeChild[] = [];
    const supervisor = new Supervisor(() => {
      const child = new FakeChild();
      children.push(child);
      return child;
    });
    const gaveUp = vi.fn();
    supervisor.on('gaveUp', gaveUp);
    supervisor.start();
    for (let i = 0; i < 10 && gaveUp.mock.calls.length === 0; i += 1) {
      children[children.length - 1]?.die(1, null);
      await vi.advanceTimersByTimeAsync(DEFAULT_RESTART_POLICY.maxDelayMs);
    }
    expect(gaveUp).toHaveBeenCalledTimes(1);
    expect(children.length).toBe(DEFAULT_RESTART_POLICY.maxRestarts + 1);
  });
});
